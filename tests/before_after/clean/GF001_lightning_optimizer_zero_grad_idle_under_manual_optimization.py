import pytorch_lightning as pl
import torch
from torch import nn


class Base(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(6, 2)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class Manual(Base):
    def __init__(self):
        super().__init__()
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        opt.zero_grad()
        x, y = batch
        self.manual_backward(nn.functional.cross_entropy(self.layer(x), y))
        opt.step()

    def optimizer_zero_grad(self, epoch, batch_idx, optimizer):
        pass
