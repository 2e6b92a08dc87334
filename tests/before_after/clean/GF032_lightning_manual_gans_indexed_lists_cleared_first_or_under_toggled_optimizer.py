import torch
import torch.nn.functional as F
import pytorch_lightning as pl


class ContextToggled(pl.LightningModule):
    """`with self.toggled_optimizer(opt)` switches the other optimizer's parameters off for the
    body: the generator's loss writes nothing into the discriminator."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.gen = torch.nn.Sequential(torch.nn.Linear(4, 16), torch.nn.GELU(), torch.nn.Linear(16, 6))
        self.disc = torch.nn.Sequential(torch.nn.Linear(6, 16), torch.nn.GELU(), torch.nn.Linear(16, 1))

    def configure_optimizers(self):
        return [torch.optim.AdamW(self.gen.parameters(), lr=3e-4), torch.optim.AdamW(self.disc.parameters(), lr=3e-4)]

    def training_step(self, batch, batch_idx):
        gen_opt, disc_opt = self.optimizers()
        real = batch[0]
        z = torch.randn(real.size(0), 4)
        with self.toggled_optimizer(gen_opt):
            g_loss = F.softplus(-self.disc(self.gen(z))).mean()
            self.manual_backward(g_loss)
            gen_opt.step()
            gen_opt.zero_grad()
        with self.toggled_optimizer(disc_opt):
            d_loss = F.softplus(self.disc(self.gen(z).detach())).mean() + F.softplus(-self.disc(real)).mean()
            self.manual_backward(d_loss)
            disc_opt.step()
            disc_opt.zero_grad()


class IndexedToggled(pl.LightningModule):
    """The same, the optimizers read by index from the list `self.optimizers()` returns."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.gen = torch.nn.Linear(4, 6)
        self.disc = torch.nn.Linear(6, 1)

    def configure_optimizers(self):
        return [torch.optim.SGD(self.gen.parameters(), lr=0.01), torch.optim.SGD(self.disc.parameters(), lr=0.01)]

    def training_step(self, batch, batch_idx):
        opts = self.optimizers()
        z = torch.randn(batch[0].size(0), 4)
        with self.toggled_optimizer(opts[0]):
            g_loss = -self.disc(self.gen(z)).mean()
            self.manual_backward(g_loss)
            opts[0].step()
            opts[0].zero_grad()
        with self.toggled_optimizer(opts[1]):
            d_loss = self.disc(self.gen(z).detach()).mean() - self.disc(batch[0]).mean()
            self.manual_backward(d_loss)
            opts[1].step()
            opts[1].zero_grad()


class IndexedClearedFirst(pl.LightningModule):
    """No toggle: the discriminator is cleared before its own backward, which drops what the
    generator's loss wrote into it."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.gen = torch.nn.Linear(4, 6)
        self.disc = torch.nn.Linear(6, 1)

    def configure_optimizers(self):
        return torch.optim.Adam(self.gen.parameters()), torch.optim.Adam(self.disc.parameters())

    def training_step(self, batch, batch_idx):
        opts = self.optimizers()
        g_opt, d_opt = opts[0], opts[1]
        z = torch.randn(batch[0].size(0), 4)
        g_opt.zero_grad(set_to_none=True)
        g_loss = -self.disc(self.gen(z)).mean()
        self.manual_backward(g_loss)
        g_opt.step()
        d_opt.zero_grad(set_to_none=True)
        d_loss = self.disc(self.gen(z).detach()).mean() - self.disc(batch[0]).mean()
        self.manual_backward(d_loss)
        d_opt.step()
