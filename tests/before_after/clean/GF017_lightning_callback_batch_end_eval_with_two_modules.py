# Two LightningModule classes in the file: which one the Trainer with the evaluating callback
# fits is not read (gradfix stays silent); the other may have no dropout or batch norm at all.
import pytorch_lightning as pl
import torch
from torch import nn


class Probe(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pl_module.eval()


class Plain(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.fc(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class Dropped(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.layers(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def fit(loader):
    pl.Trainer(max_epochs=3, callbacks=[Probe()]).fit(Plain(), loader)
