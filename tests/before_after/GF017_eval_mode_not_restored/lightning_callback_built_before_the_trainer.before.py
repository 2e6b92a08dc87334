# The callback is built first and handed to the Trainer by name. Its `on_train_batch_end` evaluates
# `pl_module.encoder` and leaves it in eval mode for every later training step.
import pytorch_lightning as pl
import torch
from torch import nn


class EmbeddingSnapshot(pl.Callback):
    def __init__(self, period):
        self.period = period
        self.norms = []

    def on_train_batch_end(self, trainer, pl_module, outputs, batch, batch_idx):
        if batch_idx % self.period == 0:
            pl_module.encoder.eval()
            with torch.no_grad():
                self.norms.append(pl_module.encoder(batch[0]).norm(dim=-1).mean().item())


class Siamese(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(20, 40), nn.ReLU(), nn.Dropout(0.1), nn.Linear(40, 8))

    def training_step(self, batch, batch_idx):
        a, b, same = batch
        distance = (self.encoder(a) - self.encoder(b)).pow(2).sum(-1)
        return torch.where(same, distance, (1.0 - distance).clamp(min=0)).mean()

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


def train(loader, epochs):
    snapshot = EmbeddingSnapshot(period=50)
    trainer = pl.Trainer(max_epochs=epochs, callbacks=[snapshot])
    trainer.fit(Siamese(), loader)
    return snapshot.norms
