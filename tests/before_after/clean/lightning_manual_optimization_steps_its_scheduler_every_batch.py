"""Manual optimization: Lightning steps no scheduler; the `training_step` steps the OneCycleLR
over `estimated_stepping_batches` after every optimizer step itself. Left alone."""
import pytorch_lightning as pl
import torch
from torch import nn


class Manual(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = nn.Linear(10, 2)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        sched = self.lr_schedulers()
        x, y = batch
        opt.zero_grad()
        self.manual_backward(nn.functional.cross_entropy(self.net(x), y))
        opt.step()
        sched.step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.5, total_steps=self.trainer.estimated_stepping_batches)
        return {"optimizer": opt, "lr_scheduler": sched}
