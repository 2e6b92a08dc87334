import pytorch_lightning as pl
import torch
from torch import nn


class Classifier(pl.LightningModule):
    def __init__(self, width=16):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(8, width), nn.ReLU(), nn.Linear(width, 3))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.body(x), y)

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        pass  # the FreshGradients callback clears

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
