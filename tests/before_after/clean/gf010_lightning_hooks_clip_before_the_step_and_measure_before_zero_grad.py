import math

import pytorch_lightning as pl
import torch
from torch import nn


class Forecaster(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(4, 16, batch_first=True)
        self.head = nn.Linear(16, 1)

    def training_step(self, batch, batch_idx):
        series, target = batch
        out, _ = self.rnn(series)
        return nn.functional.mse_loss(self.head(out[:, -1]), target)

    def on_before_optimizer_step(self, optimizer):
        torch.nn.utils.clip_grad_norm_(self.rnn.parameters(), 1.0)

    def on_before_zero_grad(self, optimizer):
        norm = torch.nn.utils.clip_grad_norm_(self.parameters(), math.inf)  # measures only
        self.log("grad_norm_before_zero", norm)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


class Helper:
    def on_before_zero_grad(self, optimizer, params):
        torch.nn.utils.clip_grad_norm_(params, 1.0)  # not a Lightning hook


def train(helper, params, optimizer, loss):
    loss.backward()
    helper.on_before_zero_grad(optimizer, params)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
