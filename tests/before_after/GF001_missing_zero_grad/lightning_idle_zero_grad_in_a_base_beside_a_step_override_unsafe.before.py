import pytorch_lightning as pl
import torch
from torch import nn


class Backbone(pl.LightningModule):
    def __init__(self, width):
        super().__init__()
        self.encoder = nn.Linear(width, width)

    def optimizer_zero_grad(self, current_epoch, index, opt):
        pass


class Classifier(Backbone):
    def __init__(self):
        super().__init__(16)
        self.head = nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.head(self.encoder(x)), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)


class Warmed(pl.LightningModule):
    """An unrelated module of the file whose step override clears: it clears for itself only."""

    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(16, 4)

    def optimizer_step(self, epoch, batch_idx, optimizer, optimizer_closure=None):
        optimizer.step(closure=optimizer_closure)
        optimizer.zero_grad(set_to_none=True)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.layer(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)
