import torch
import torch.nn as nn
import torch.nn.functional as F
import lightning.pytorch as pl


class ToggledGAN(pl.LightningModule):
    """`toggle_optimizer` switches the discriminator's gradients off for the generator's loss."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.generator = nn.Linear(16, 8)
        self.discriminator = nn.Linear(8, 1)

    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=2e-4)
        opt_d = torch.optim.Adam(self.discriminator.parameters(), lr=2e-4)
        return [opt_g, opt_d], []

    def training_step(self, batch, batch_idx):
        opt_g, opt_d = self.optimizers()
        real = batch[0]
        fake = self.generator(torch.randn(real.size(0), 16))
        self.toggle_optimizer(opt_g)
        g_loss = F.softplus(-self.discriminator(fake)).mean()
        self.manual_backward(g_loss)
        opt_g.step()
        opt_g.zero_grad()
        self.untoggle_optimizer(opt_g)
        self.toggle_optimizer(opt_d)
        d_loss = F.softplus(-self.discriminator(real)).mean() + F.softplus(self.discriminator(fake.detach())).mean()
        self.manual_backward(d_loss)
        opt_d.step()
        opt_d.zero_grad()
        self.untoggle_optimizer(opt_d)


class ClearedBeforeBackward(pl.LightningModule):
    """Each optimizer cleared right before the backward of its own loss."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.generator = nn.Linear(16, 8)
        self.discriminator = nn.Linear(8, 1)

    def configure_optimizers(self):
        opt_g = torch.optim.Adam(self.generator.parameters(), lr=2e-4)
        opt_d = torch.optim.Adam(self.discriminator.parameters(), lr=2e-4)
        return opt_g, opt_d

    def training_step(self, batch, batch_idx):
        opt_g, opt_d = self.optimizers()
        real = batch[0]
        fake = self.generator(torch.randn(real.size(0), 16))
        d_loss = F.softplus(-self.discriminator(real)).mean() + F.softplus(self.discriminator(fake.detach())).mean()
        opt_d.zero_grad()
        self.manual_backward(d_loss)
        opt_d.step()
        g_loss = F.softplus(-self.discriminator(fake)).mean()
        opt_g.zero_grad()
        self.manual_backward(g_loss)
        opt_g.step()


class OneOptimizerOverBoth(pl.LightningModule):
    """One optimizer over the whole module: the shared loss is meant for both."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.encoder = nn.Linear(8, 4)
        self.head = nn.Linear(4, 1)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        loss = F.mse_loss(self.head(self.encoder(x)), y)
        self.manual_backward(loss)
        opt.step()
        opt.zero_grad()
