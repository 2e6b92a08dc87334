"""`configure_optimizers` returns a OneCycleLR over `estimated_stepping_batches` (optimizer
steps) without an `"interval"`: Lightning steps it once per epoch, so the one cycle never gets
past its warm-up. Returned with `"interval": "step"` (unsafe: the schedule then changes)."""
import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch import nn


class Classifier(pl.LightningModule):
    def __init__(self, lr=0.05):
        super().__init__()
        self.lr = lr
        self.layers = nn.Sequential(nn.Linear(12, 24), nn.ReLU(), nn.Linear(24, 3))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.cross_entropy(self.layers(x), y)

    def configure_optimizers(self):
        optimizer = torch.optim.SGD(self.parameters(), lr=self.lr, momentum=0.9)
        scheduler = torch.optim.lr_scheduler.OneCycleLR(
            optimizer, max_lr=self.lr * 4, total_steps=self.trainer.estimated_stepping_batches
        )
        return {"optimizer": optimizer, "lr_scheduler": scheduler}
