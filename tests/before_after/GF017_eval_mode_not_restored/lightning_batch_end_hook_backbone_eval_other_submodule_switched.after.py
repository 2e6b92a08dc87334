# The module's own `on_train_batch_end` evaluates the backbone; the only code switching anything back
# is `self.classifier.train()` at each epoch's start, another submodule: the backbone's batch norm
# stays frozen and its dropout off for every later batch.
import pytorch_lightning as pl
import torch
from torch import nn


class LinearEval(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(48, 96), nn.BatchNorm1d(96), nn.ReLU(), nn.Dropout(0.1))
        self.classifier = nn.Sequential(nn.Dropout(0.5), nn.Linear(96, 5))
        self.feature_norms = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.classifier(self.backbone(x)), y)

    def on_train_epoch_start(self):
        self.classifier.train()

    def on_train_batch_end(self, outputs, batch, batch_idx):
        if batch_idx % 25 == 0:
            self.backbone.eval()
            with torch.no_grad():
                self.feature_norms.append(self.backbone(batch[0]).norm(dim=1).mean().item())
        self.backbone.train()

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)
