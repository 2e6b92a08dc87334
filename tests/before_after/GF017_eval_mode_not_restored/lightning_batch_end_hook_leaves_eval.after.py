import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier(pl.LightningModule):
    def __init__(self, features, classes):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(features, 128), nn.ReLU(), nn.Dropout(0.2), nn.Linear(128, classes))
        self.probe = None

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.body(x), y)
        self.log("train_loss", loss)
        return loss

    def on_train_batch_end(self, outputs, batch, batch_idx):
        if self.probe is not None and batch_idx % 100 == 0:
            self.eval()
            with torch.no_grad():
                x, y = self.probe
                self.log("probe_acc", (self.body(x).argmax(-1) == y).float().mean())
        self.train()

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)
