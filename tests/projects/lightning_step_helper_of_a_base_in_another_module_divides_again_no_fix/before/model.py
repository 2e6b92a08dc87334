import pytorch_lightning as pl
import torch
from torch import nn

from shared import SharedSteps


class Classifier(SharedSteps, pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Flatten(), nn.Linear(64, 10))

    def forward(self, images):
        return self.net(images)

    def training_step(self, batch, batch_idx):
        return self._shared_step(batch)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)
