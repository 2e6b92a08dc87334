# Correct: `self.optimizers().lr` written and read back by the module's own code (an attribute it
# keeps for itself, as GF024's reads rule says; the rate itself goes through `param_groups`), and
# `self.optimizers()` of two optimizers unpacked (a list: no wrapper of one optimizer).
import pytorch_lightning as pl
import torch
from torch import nn


class Logged(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)

    def on_train_epoch_start(self):
        self.optimizers().lr = 0.1 * 0.9 ** self.current_epoch
        for group in self.optimizers().param_groups:
            group["lr"] = self.optimizers().lr

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class TwoOptimizers(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.gen = nn.Linear(4, 4)
        self.disc = nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        opt_g, opt_d = self.optimizers()
        fake = self.gen(batch[0])
        loss_d = self.disc(fake.detach()).mean() - self.disc(batch[1]).mean()
        opt_d.zero_grad()
        self.manual_backward(loss_d)
        opt_d.step()
        loss_g = -self.disc(fake).mean()
        opt_g.zero_grad()
        self.manual_backward(loss_g)
        opt_g.step()

    def configure_optimizers(self):
        return [torch.optim.Adam(self.gen.parameters(), lr=2e-4), torch.optim.Adam(self.disc.parameters(), lr=2e-4)]
