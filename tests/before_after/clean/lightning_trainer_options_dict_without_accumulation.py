"""The Trainer's options come from a module-level dict that sets no
`accumulate_grad_batches` (Lightning's default, 1): the `training_step` halves a loss that is
not divided again. Left alone."""
import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch import nn

TRAINER_OPTIONS = dict(max_epochs=3, gradient_clip_val=0.5)


class Scaled(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Linear(10, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.l1_loss(self.net(x), y) / 2

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


pl.Trainer(**TRAINER_OPTIONS).fit(Scaled(), [(torch.randn(4, 10), torch.randn(4, 1))])
