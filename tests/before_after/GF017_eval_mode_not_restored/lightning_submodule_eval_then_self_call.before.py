# The training step evaluates a sample with its encoder in eval mode and trains through
# `self(x)`, the class's own forward, which runs that encoder: it stays in eval mode (no
# dropout) for the rest of training.
import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(12, 32), nn.GELU(), nn.Dropout(0.25))
        self.head = nn.Linear(32, 1)

    def forward(self, x):
        return self.head(self.encoder(x))

    def training_step(self, batch, batch_idx):
        x, y = batch
        if self.global_step % 50 == 0:
            self.encoder.eval()
            with torch.no_grad():
                self.log("feature_std", self.encoder(x).std())
        loss = F.smooth_l1_loss(self(x), y)
        self.log("train_loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)
