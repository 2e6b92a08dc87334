# LightningModules whose own clears wipe nothing: a clear in on_train_batch_start of a module
# fitted with no accumulation (`accumulate_grad_batches=1`: every batch is its own window; the
# file fits another module with accumulation, and which trainer fits which module is not
# followed); a clear at window starts only (`if batch_idx % WINDOW == 0:`, as Lightning clears).
import torch
import pytorch_lightning as pl

WINDOW = 2


class Plain(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(5, 1)

    def on_train_batch_start(self, batch, batch_idx):
        self.zero_grad(set_to_none=True)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class AtWindowStarts(Plain):
    def on_train_batch_start(self, batch, batch_idx):
        if batch_idx % WINDOW == 0:
            self.optimizers().zero_grad(set_to_none=True)


def fit(loader):
    pl.Trainer(max_epochs=1, accumulate_grad_batches=1).fit(Plain(), loader)
    pl.Trainer(max_epochs=1, accumulate_grad_batches=WINDOW).fit(AtWindowStarts(), loader)
