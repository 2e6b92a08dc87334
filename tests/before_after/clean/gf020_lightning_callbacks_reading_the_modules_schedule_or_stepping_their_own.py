import pytorch_lightning as pl
import torch
from torch import nn


class LogRate(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pl_module.log("lr", pl_module.lr_schedulers().get_last_lr()[0])


class OwnClock(pl.Callback):
    def __init__(self, steps):
        self.clock = torch.optim.lr_scheduler.LambdaLR(torch.optim.SGD([torch.zeros(1)], lr=1.0), lambda s: s / steps)

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        self.clock.step()


class EpochRate(pl.Callback):
    def on_train_epoch_end(self, trainer, pl_module):
        pl_module.log("lr_epoch", pl_module.lr_schedulers().get_last_lr()[0])


class Classifier(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.head = nn.Linear(20, 5)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.head(x), y)

    def configure_optimizers(self):
        opt = torch.optim.SGD(self.parameters(), lr=0.1)
        decay = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=self.trainer.max_epochs)
        return {"optimizer": opt, "lr_scheduler": decay}


def main(loader):
    callbacks = [LogRate(), OwnClock(100), EpochRate()]
    pl.Trainer(max_epochs=10, callbacks=callbacks).fit(Classifier(), loader)
