import lightning as L
import torch
from torch import nn


class WarmUp(L.Callback):
    def on_train_batch_start(self, trainer, pl_module, batch, batch_idx):
        if trainer.global_step < 100:
            trainer.optimizers[0].lr = 1e-3 * (trainer.global_step + 1) / 100


class Classifier(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 8)
        self.head = nn.Linear(8, 2)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return nn.functional.cross_entropy(self.head(self.body(x).relu()), y)

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(
            [{"params": self.body.parameters(), "lr": 1e-4}, {"params": self.head.parameters()}], lr=1e-3
        )
        return [optimizer], [torch.optim.lr_scheduler.StepLR(optimizer, 10)]


def run(loader):
    L.Trainer(max_epochs=2, callbacks=[WarmUp()]).fit(Classifier(), loader)
