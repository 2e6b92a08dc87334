import pytorch_lightning as pl
import torch
from pytorch_lightning.callbacks import Callback
from torch import nn


class HalveEachEpoch(Callback):
    def on_train_epoch_start(self, trainer, pl_module):
        optimizer = trainer.optimizers[0]
        for group in optimizer.param_groups:
            group["lr"] = 0.1 * 0.5 ** trainer.current_epoch


class WarmUp(Callback):
    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        if trainer.global_step < 100:
            trainer.optimizers[0].param_groups[0]["lr"] = 0.1 * (trainer.global_step + 1) / 100


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(3, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def fit(loader):
    model = Regressor()
    pl.Trainer(max_epochs=3, callbacks=[HalveEachEpoch(), WarmUp()]).fit(model, loader)
    return model
