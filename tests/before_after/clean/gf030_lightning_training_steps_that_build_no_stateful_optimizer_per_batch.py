# LightningModules whose `training_step` runs once per batch: one takes its optimizer from
# `self.optimizers()`; one builds a plain SGD without momentum (no state to lose); one builds an
# optimizer over a head chosen by the batch (a different model part each time). None restarts a
# state it needs.
import pytorch_lightning as pl
import torch
import torch.nn.functional as F


class Manual(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.automatic_optimization = False
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        opt = self.optimizers()
        loss = F.mse_loss(self.net(x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


class Plain(pl.LightningModule):
    def __init__(self, net):
        super().__init__()
        self.automatic_optimization = False
        self.net = net

    def training_step(self, batch, batch_idx):
        x, y = batch
        opt = torch.optim.SGD(self.parameters(), lr=0.01)
        loss = F.mse_loss(self.net(x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()


class PerTask(pl.LightningModule):
    def __init__(self, heads):
        super().__init__()
        self.automatic_optimization = False
        self.heads = heads

    def training_step(self, batch, batch_idx):
        x, y, task = batch
        opt = torch.optim.Adam(self.heads[task].parameters(), lr=1e-3)
        loss = F.mse_loss(self.heads[task](x), y)
        opt.zero_grad()
        self.manual_backward(loss)
        opt.step()
