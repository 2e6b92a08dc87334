import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch import nn


class Base(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.2), nn.Linear(16, 1))
        self.curve = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.mse_loss(self.net(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


class Restored(Base):
    def on_train_epoch_end(self):
        self.eval()
        with torch.no_grad():
            self.curve.append(self.net(torch.ones(1, 8)).item())
        self.train()


class OwnStep(Base):
    """Overrides the step: its hook is read with its own step, not Base's."""

    def training_step(self, batch, batch_idx):
        x, y = batch
        with torch.no_grad():
            target = y.clamp(-1, 1)
        return F.mse_loss(self.net(x), target)

    def on_train_epoch_end(self):
        self.net.train()


def run(loader):
    pl.Trainer(max_epochs=3).fit(Restored(), loader)
    pl.Trainer(max_epochs=4).fit(OwnStep(), loader)
