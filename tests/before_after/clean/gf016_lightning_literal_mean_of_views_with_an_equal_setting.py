"""Correct: the `training_step` averages the losses of two views (`(a + b) / 2`), and the
Trainer accumulates over 2 batches: the literal is a mean over terms, not the accumulation
count, even though the numbers agree."""
import lightning.pytorch as pl
import torch
import torch.nn.functional as F
from torch import nn


class TwoViews(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(6, 3)

    def training_step(self, batch, batch_idx):
        first, second, labels = batch
        return (F.cross_entropy(self.body(first), labels) + F.cross_entropy(self.body(second), labels)) / 2

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


pl.Trainer(accumulate_grad_batches=2).fit(TwoViews(), [(torch.randn(2, 6), torch.randn(2, 6), torch.tensor([0, 1]))])
