"""Schedulers a LightningModule leaves to Lightning (automatic optimization: only read in
training_step), or steps by hand where that is right: after the update under manual
optimization, in a module that switches automatic optimization off. Left alone."""
import pytorch_lightning as pl
import torch


class ReadsTheRate(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = torch.nn.Linear(5, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        self.log("lr", self.lr_schedulers().get_last_lr()[0])
        return torch.nn.functional.cross_entropy(self.body(x), y)

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return {"optimizer": opt, "lr_scheduler": {"scheduler": torch.optim.lr_scheduler.ExponentialLR(opt, 0.99), "interval": "step"}}


class StepsAfterTheUpdate(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.body = torch.nn.Linear(5, 2)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        sched = self.lr_schedulers()
        x, y = batch
        opt.zero_grad()
        self.manual_backward(torch.nn.functional.cross_entropy(self.body(x), y))
        opt.step()
        sched.step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return [opt], [torch.optim.lr_scheduler.ExponentialLR(opt, 0.99)]
