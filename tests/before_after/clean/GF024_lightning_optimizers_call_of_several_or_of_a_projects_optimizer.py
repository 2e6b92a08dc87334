# `self.optimizers()` is a list when configure_optimizers returns two optimizers (`.lr` on it
# raises, loudly), and a wrapper of the project's own optimizer when it builds one (that class
# may read the attribute): neither is reported. Nor a name bound to `self.optimizers()` and then
# to something else.
import lightning.pytorch as L
import torch
from torch import nn

from .optim import WarmOptimizer


class TwoHeads(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.a, self.b = nn.Linear(4, 1), nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.a(x) + self.b(x), y)

    def on_train_epoch_start(self):
        opts = self.optimizers()
        opts.lr = 0.01

    def configure_optimizers(self):
        return torch.optim.SGD(self.a.parameters(), lr=0.1), torch.optim.Adam(self.b.parameters(), lr=0.1)


class OwnOptimizer(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)

    def on_train_epoch_start(self):
        opt = self.optimizers()
        opt.lr = 0.01

    def configure_optimizers(self):
        return WarmOptimizer(self.net.parameters(), lr=0.1)


class Rebound(L.LightningModule):
    def __init__(self, other):
        super().__init__()
        self.net = nn.Linear(4, 1)
        self.other = other

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)

    def on_train_epoch_start(self):
        opt = self.optimizers()
        if self.current_epoch:
            opt = self.other
        opt.lr = 0.01

    def configure_optimizers(self):
        return torch.optim.SGD(self.net.parameters(), lr=0.1)
