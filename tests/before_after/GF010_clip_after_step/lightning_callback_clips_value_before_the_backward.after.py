import lightning.pytorch as L
import torch
from torch import nn


class ClipBeforeBackward(L.Callback):
    def on_before_optimizer_step(self, trainer, pl_module, optimizer):
        torch.nn.utils.clip_grad_value_(pl_module.parameters(), clip_value=0.5)


class Regressor(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.layer = nn.Linear(8, 1)

    def training_step(self, batch, batch_idx):
        inputs, target = batch
        return nn.functional.mse_loss(self.layer(inputs), target)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def fit(loader):
    L.Trainer(max_epochs=3, callbacks=[ClipBeforeBackward()]).fit(Regressor(), loader)
