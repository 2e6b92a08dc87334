# Manual-optimization LightningModules whose `self.clip_gradients(...)` calls are placed right,
# or are not Lightning's: the generator's clip after the discriminator's step names the
# generator's optimizer (which steps next, after its own backward); a class that defines its
# own `clip_gradients` (it may do anything) is not read as Lightning's.
import torch
import torch.nn.functional as F
import pytorch_lightning as pl


class TwoPlayers(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.gen = torch.nn.Linear(3, 5)
        self.disc = torch.nn.Linear(5, 1)

    def configure_optimizers(self):
        return [torch.optim.SGD(self.gen.parameters(), lr=0.1), torch.optim.SGD(self.disc.parameters(), lr=0.1)]

    def training_step(self, batch, batch_idx):
        x, z = batch
        opt_g, opt_d = self.optimizers()
        self.toggle_optimizer(opt_d)
        opt_d.zero_grad(set_to_none=True)
        d_loss = F.softplus(-self.disc(x)).mean() + F.softplus(self.disc(self.gen(z).detach())).mean()
        self.manual_backward(d_loss)
        self.clip_gradients(opt_d, gradient_clip_val=1.0, gradient_clip_algorithm="norm")
        opt_d.step()
        self.untoggle_optimizer(opt_d)
        self.toggle_optimizer(opt_g)
        opt_g.zero_grad(set_to_none=True)
        self.manual_backward(F.softplus(-self.disc(self.gen(z))).mean())
        self.clip_gradients(opt_g, 1.0, "norm")
        opt_g.step()
        self.untoggle_optimizer(opt_g)


class OwnClip(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.gen = torch.nn.Linear(3, 5)
        self.disc = torch.nn.Linear(5, 1)
        self.norms = []

    def configure_optimizers(self):
        return [torch.optim.SGD(self.gen.parameters(), lr=0.1), torch.optim.SGD(self.disc.parameters(), lr=0.1)]

    def clip_gradients(self, optimizer, gradient_clip_val=None, gradient_clip_algorithm=None):
        self.norms.append(gradient_clip_val)

    def training_step(self, batch, batch_idx):
        x, z = batch
        opt_g, opt_d = self.optimizers()
        opt_d.zero_grad(set_to_none=True)
        self.manual_backward(F.softplus(-self.disc(x)).mean() + F.softplus(self.disc(self.gen(z).detach())).mean())
        opt_d.step()
        self.clip_gradients(opt_d, gradient_clip_val=1.0)
        opt_g.zero_grad(set_to_none=True)
        self.manual_backward(F.softplus(-self.disc(self.gen(z))).mean())
        opt_g.step()
