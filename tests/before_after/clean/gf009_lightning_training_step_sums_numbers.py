import torch
import torch.nn as nn
import torch.nn.functional as F
import pytorch_lightning as pl

class Lit(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1))
        self.total = 0.0
        self.seen = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.mse_loss(self.model(x), y)
        self.total += loss.item()
        self.seen.append(loss.detach())
        return loss

    def on_train_epoch_end(self):
        self.total = 0.0

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
