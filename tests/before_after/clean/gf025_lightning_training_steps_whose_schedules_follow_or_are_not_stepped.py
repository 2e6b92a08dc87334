# LightningModules under manual optimization whose `training_step` restarts no schedule: one
# takes its scheduler from `self.lr_schedulers()`; one builds a LambdaLR reading the module's
# global step (it follows the run whatever object holds it); one builds a scheduler only to read
# its first rate, never stepping it; one builds its own optimizer and a scheduler over it (a new
# run each call: GF030's finding, not a schedule of a kept optimizer); one rebinds the optimizer
# it was handed before building the scheduler over it.
import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch.optim.lr_scheduler import LambdaLR, OneCycleLR, StepLR


class FromLightning(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.automatic_optimization = False
        self.net = net

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        sched = self.lr_schedulers()
        x, y = batch
        loss = F.mse_loss(self.net(x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()
        sched.step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return [opt], [StepLR(opt, step_size=10, gamma=0.5)]


class FollowsTheGlobalStep(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.automatic_optimization = False
        self.net = net

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        follow = LambdaLR(opt.optimizer, lambda _: 0.5 ** (self.global_step // 100))
        x, y = batch
        loss = F.mse_loss(self.net(x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()
        follow.step()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class ReadsTheFirstRate(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.automatic_optimization = False
        self.net = net

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        probe = OneCycleLR(opt.optimizer, max_lr=0.1, total_steps=1000)
        self.log("first_lr", probe.get_last_lr()[0])
        x, y = batch
        loss = F.mse_loss(self.net(x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class OwnPlainOptimizer(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.automatic_optimization = False
        self.net = net

    def training_step(self, batch, batch_idx):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        sched = StepLR(opt, step_size=5, gamma=0.5)
        x, y = batch
        loss = F.mse_loss(self.net(x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()
        sched.step()

    def configure_optimizers(self):
        return None


class Rebound(pl.LightningModule):
    def __init__(self, net, wrap):
        super().__init__()
        self.automatic_optimization = False
        self.net = net
        self.wrap = wrap

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        opt = self.wrap(opt, batch_idx)
        sched = StepLR(opt, step_size=5, gamma=0.5)
        x, y = batch
        loss = F.mse_loss(self.net(x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()
        sched.step()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
