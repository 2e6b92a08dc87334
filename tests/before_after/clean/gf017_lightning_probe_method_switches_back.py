import torch
import torch.nn as nn
import torch.nn.functional as F
import pytorch_lightning as pl

class Lit(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.model = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.1), nn.Linear(8, 1))

    def probe(self, x, y):
        self.model.eval()
        with torch.no_grad():
            out = F.mse_loss(self.model(x), y)
        self.model.train()
        return out

    def training_step(self, batch, batch_idx):
        x, y = batch
        out = self.model(x)
        if batch_idx % 10 == 0:
            self.log("probe", self.probe(x, y))
        loss = F.mse_loss(out, y)
        return {"loss": loss}

    def configure_optimizers(self):
        opt = torch.optim.Adam(self.parameters(), lr=1e-3)
        return opt
