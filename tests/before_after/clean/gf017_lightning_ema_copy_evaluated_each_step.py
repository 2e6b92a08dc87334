import copy
import torch
import torch.nn as nn
import torch.nn.functional as F
import pytorch_lightning as pl


class Lit(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 3))
        self.ema = copy.deepcopy(self.model)

    def training_step(self, batch, batch_idx):
        x, y = batch
        loss = F.cross_entropy(self.model(x), y)
        with torch.no_grad():
            for e, p in zip(self.ema.parameters(), self.model.parameters()):
                e.mul_(0.99).add_(p, alpha=0.01)
        self.ema.eval()
        with torch.no_grad():
            self.log("ema_loss", F.cross_entropy(self.ema(x), y))
        return loss

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
