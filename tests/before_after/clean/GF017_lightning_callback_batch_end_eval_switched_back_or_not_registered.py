# A Callback that evaluates at the end of a batch and switches the module back at the start of
# the next one (`pl_module.train()`), and one built into no Trainer's callbacks: neither leaves
# the module in eval mode for a training step.
import pytorch_lightning as pl
import torch
from torch import nn


class Probe(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if batch_idx % 20 == 0:
            pl_module.eval()

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        pl_module.train()


class Unused(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        pl_module.eval()


class Net(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(4, 8), nn.Dropout(0.2), nn.Linear(8, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.layers(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def fit(loader):
    pl.Trainer(max_epochs=3, callbacks=[Probe()]).fit(Net(), loader)
