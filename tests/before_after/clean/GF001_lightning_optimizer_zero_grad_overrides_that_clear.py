import pytorch_lightning as pl
import torch
from torch import nn


class EveryOther(pl.LightningModule):
    """Clears at the first batch of each pair: a hand-written window of two."""

    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(6, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.layer(x), y)

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        if batch_idx % 2 == 0:
            optimizer.zero_grad(set_to_none=True)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class Delegating(EveryOther):
    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        super().optimizer_zero_grad(epoch, batch_idx, optimizer)


class ClearsInTheStepOverride(EveryOther):
    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        pass

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None):
        optimizer.step(closure=optimizer_closure)
        optimizer.zero_grad()


class NotAModule:
    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        pass
