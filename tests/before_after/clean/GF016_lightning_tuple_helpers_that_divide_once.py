import lightning.pytorch as L
import torch
from torch import nn


class Logged(L.LightningModule):
    """The helper's divided share is logged; the plain loss is returned."""

    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 3)

    def both(self, batch):
        x, y = batch
        loss = nn.functional.cross_entropy(self.net(x), y)
        return loss, loss / self.trainer.accumulate_grad_batches

    def training_step(self, batch, batch_idx):
        loss, share = self.both(batch)
        self.log("share", share)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class ManualBase(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = nn.Linear(8, 3)

    def _shared_step(self, batch):
        x, y = batch
        return nn.functional.cross_entropy(self.net(x), y) / self.trainer.accumulate_grad_batches, y.numel()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class ManualChild(ManualBase):
    """Manual optimization (set by its base): Lightning divides nothing."""

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        loss, count = self._shared_step(batch)
        self.manual_backward(loss)
        if (batch_idx + 1) % self.trainer.accumulate_grad_batches == 0:
            opt.step()
            opt.zero_grad()
        return loss


class MeanOverBatch(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 1)

    def _shared_step(self, batch):
        x, y = batch
        total = ((self.net(x) - y) ** 2).sum()
        return total / x.shape[0], x.shape[0]


class Regressor(MeanOverBatch):
    def training_step(self, batch, batch_idx):
        loss, _ = self._shared_step(batch)
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
