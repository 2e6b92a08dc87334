import pytorch_lightning as pl
import torch
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingLR, OneCycleLR


class Stepwise(pl.LightningModule):
    """Lightning steps nothing here: no scheduler is returned, the hook steps its own per batch."""

    def __init__(self, steps: int):
        super().__init__()
        self.net = nn.Linear(8, 2)
        self.steps = steps

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.net(x), y)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.schedule.step()

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        self.schedule = OneCycleLR(opt, max_lr=0.1, total_steps=self.steps)
        return opt


class Logged(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.net(x), y)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.log("lr", self.lr_schedulers().get_last_lr()[0])

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return {"optimizer": opt, "lr_scheduler": CosineAnnealingLR(opt, T_max=self.trainer.max_epochs)}


class Manual(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = nn.Linear(8, 2)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        opt.zero_grad()
        self.manual_backward(nn.functional.cross_entropy(self.net(x), y))
        opt.step()

    def on_train_epoch_end(self):
        self.lr_schedulers().step()

    def on_train_batch_end(self, outputs, batch, batch_idx):
        pass

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return [opt], [CosineAnnealingLR(opt, T_max=self.trainer.max_epochs)]


class PerStep(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(8, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.net(x), y)

    def on_train_epoch_end(self):
        self.log("epoch_lr", self.lr_schedulers().get_last_lr()[0])

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        return [opt], [CosineAnnealingLR(opt, T_max=self.trainer.max_epochs)]
