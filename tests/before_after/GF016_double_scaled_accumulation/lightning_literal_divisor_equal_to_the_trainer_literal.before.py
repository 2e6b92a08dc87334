"""Lightning accumulates over `accumulate_grad_batches=8` batches and divides the returned loss
by 8; the `training_step` divides it by the literal 8 too: twice. The division goes."""
import lightning.pytorch as pl
import torch
import torch.nn.functional as F
from torch import nn


class Regressor(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(6, 1)

    def training_step(self, batch, batch_idx):
        inputs, targets = batch
        loss = F.l1_loss(self.body(inputs), targets)
        return loss / 8

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


pl.Trainer(accumulate_grad_batches=8, max_epochs=3).fit(Regressor(), [(torch.randn(2, 6), torch.randn(2, 1))])
