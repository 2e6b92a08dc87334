import torch
from torch import nn
import pytorch_lightning as pl


class Full(pl.LightningModule):
    """`(batch_idx + 1) % N`: every window, the first included, holds N batches."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        self.manual_backward(nn.functional.cross_entropy(self.net(x), y) / 4)
        if (batch_idx + 1) % 4 == 0:
            opt.step()
            opt.zero_grad()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class Rebound(pl.LightningModule):
    """The parameter is rebound to a count gradfix cannot read (the global step, 1 first)."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        batch_idx = self.global_step + 1
        x, y = batch
        self.manual_backward(nn.functional.cross_entropy(self.net(x), y) / 4)
        if batch_idx % 4 == 0:
            opt.step()
            opt.zero_grad()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class PlainTrainer:
    """Not a framework class: whoever calls this `training_step` decides what `batch_idx` is."""

    def __init__(self, net, opt):
        self.net, self.opt = net, opt

    def training_step(self, batch, batch_idx):
        x, y = batch
        (nn.functional.cross_entropy(self.net(x), y) / 4).backward()
        if batch_idx % 4 == 0:
            self.opt.step()
            self.opt.zero_grad()
