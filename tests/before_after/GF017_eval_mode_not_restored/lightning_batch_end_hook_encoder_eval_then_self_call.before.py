import lightning as L
import torch
from torch import nn


class AutoEncoder(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(784, 64), nn.BatchNorm1d(64), nn.ReLU(), nn.Linear(64, 8))
        self.decoder = nn.Sequential(nn.Linear(8, 64), nn.ReLU(), nn.Linear(64, 784))
        self.codes = []

    def forward(self, x):
        return self.decoder(self.encoder(x))

    def training_step(self, batch, batch_idx):
        x, _ = batch
        x = x.view(x.size(0), -1)
        return nn.functional.mse_loss(self(x), x)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.encoder.eval()
        with torch.no_grad():
            self.codes.append(self.encoder(batch[0].view(batch[0].size(0), -1)).mean(0))

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
