import pytorch_lightning as pl
import torch
from torch import nn


class Forecaster(pl.LightningModule):
    def __init__(self, max_norm=1.0):
        super().__init__()
        self.rnn = nn.GRU(4, 16, batch_first=True)
        self.head = nn.Linear(16, 1)
        self.max_norm = max_norm

    def training_step(self, batch, batch_idx):
        series, target = batch
        out, _ = self.rnn(series)
        return nn.functional.mse_loss(self.head(out[:, -1]), target)

    def on_before_zero_grad(self, optimizer):
        """Keep the recurrent gradients bounded."""
        torch.nn.utils.clip_grad_norm_(self.rnn.parameters(), self.max_norm)
        torch.nn.utils.clip_grad_value_(self.head.parameters(), 0.5)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
