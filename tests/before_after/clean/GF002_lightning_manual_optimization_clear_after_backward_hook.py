import pytorch_lightning as pl
import torch


class Manual(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = torch.nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        self.manual_backward(torch.nn.functional.mse_loss(self.net(x), y))
        opt.step()

    def on_after_backward(self):
        # manual optimization: the clear belongs after the step, in the batch-end hook below
        pass

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.optimizers().zero_grad()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
