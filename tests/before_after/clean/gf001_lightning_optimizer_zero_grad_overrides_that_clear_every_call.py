# `optimizer_zero_grad` overrides that clear on every call (Lightning calls the hook at each
# window's first micro-batch): one clearing under a test that holds on every call of a window
# start (`batch_idx % ACCUM == 0` with `accumulate_grad_batches=ACCUM`) is not a first-batch
# test; one that logs on the first batch and clears always.
import torch
import pytorch_lightning as pl

ACCUM = 2


class Windowed(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(3, 1)
        self.first_seen = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        return torch.nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        if batch_idx % ACCUM == 0:
            optimizer.zero_grad(set_to_none=True)


class Logged(Windowed):
    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        if batch_idx == 0:
            self.first_seen.append(epoch)
        optimizer.zero_grad(set_to_none=True)


def fit(loader):
    pl.Trainer(max_epochs=2, accumulate_grad_batches=ACCUM).fit(Windowed(), loader)
    pl.Trainer(max_epochs=2, accumulate_grad_batches=ACCUM).fit(Logged(), loader)
