# A Callback's `on_train_batch_end` puts the module in eval mode to sample it and never switches
# it back: every later `training_step` runs `self.dropout_net` without dropout. The submodule's
# name says "dropout", but calling it runs its forward, which sets no mode.
import pytorch_lightning as pl
import torch
from torch import nn


class SampleGrid(pl.Callback):
    def __init__(self, every):
        self.every = every
        self.samples = []

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if trainer.global_step % self.every == 0:
            pl_module.eval()
            with torch.no_grad():
                self.samples.append(pl_module.dropout_net(batch[0][:4]).cpu())
        pl_module.train()


class Restorer(pl.LightningModule):
    def __init__(self, width=32):
        super().__init__()
        self.dropout_net = nn.Sequential(nn.Linear(width, width), nn.GELU(), nn.Dropout(0.2), nn.Linear(width, width))

    def training_step(self, batch, batch_idx):
        noisy, clean = batch
        return nn.functional.smooth_l1_loss(self.dropout_net(noisy), clean)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=2e-4)


def fit(loader):
    pl.Trainer(max_epochs=10, callbacks=[SampleGrid(every=200)]).fit(Restorer(), loader)
