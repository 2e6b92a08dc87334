import math

import pytorch_lightning as pl
import torch
import torch.nn.functional as F


class Measured(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Linear(8, 1)
        self.norms = []

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.mse_loss(self.net(x), y)

    def on_before_optimizer_step(self, optimizer):
        torch.nn.utils.clip_grad_norm_(self.parameters(), 1.0)

    def on_train_batch_end(self, outputs, batch, batch_idx):
        # measuring only: an infinite threshold changes no gradient
        self.norms.append(torch.nn.utils.clip_grad_norm_(self.parameters(), math.inf))

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


class Logging(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        trainer.logger.log_metrics({"loss": outputs["loss"].item()})


class NotLightning:
    def on_train_batch_end(self, model):
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
