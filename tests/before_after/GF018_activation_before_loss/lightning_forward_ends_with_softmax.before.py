import pytorch_lightning as pl
import torch
from torch import nn


class Net(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 5))
        self.loss_fn = nn.CrossEntropyLoss()

    def forward(self, x):
        return torch.softmax(self.layers(x), dim=-1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = self.loss_fn(self(x), y)  # the forward's softmax, then the loss's own
        return loss

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
