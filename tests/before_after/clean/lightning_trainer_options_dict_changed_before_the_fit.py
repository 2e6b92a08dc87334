"""The module-level options dict says `accumulate_grad_batches: 2`, but the script sets it
to 1 before building the Trainer: Lightning does not accumulate, so the `training_step`'s
division by 2 (a mean of two heads' losses) is no second division. Left alone."""
import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch import nn

TRAINER_OPTIONS = {"max_epochs": 3, "accumulate_grad_batches": 2}


class TwoHeads(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(10, 16)
        self.left = nn.Linear(16, 1)
        self.right = nn.Linear(16, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        h = torch.relu(self.body(x))
        loss = F.mse_loss(self.left(h), y) + F.mse_loss(self.right(h), y)
        return loss / 2

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


TRAINER_OPTIONS["accumulate_grad_batches"] = 1
pl.Trainer(**TRAINER_OPTIONS).fit(TwoHeads(), [(torch.randn(4, 10), torch.randn(4, 1))])
