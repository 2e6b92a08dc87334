# Correct: the probe callback is built first and handed to the Trainer by name; it switches the
# module back before the next training step through the trainer's `lightning_module` (GF017
# cannot tell it apart from another module: it stays silent).
import pytorch_lightning as pl
import torch
from torch import nn


class Probe(pl.Callback):
    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if batch_idx % 10 == 0:
            pl_module.eval()
            with torch.no_grad():
                pl_module.dropout_head(batch[0])

    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        trainer.lightning_module.train()


class Model(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(12, 24), nn.Dropout(0.2))
        self.dropout_head = nn.Sequential(self.body, nn.Linear(24, 1))

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.mse_loss(self.dropout_head(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main(loader):
    probe = Probe()
    callbacks = [probe]
    pl.Trainer(max_epochs=3, callbacks=callbacks).fit(Model(), loader)
