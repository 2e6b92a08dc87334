import pytorch_lightning as pl
import torch
from torch import nn


class Tagger(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(16, 5)

    def forward_batch(self, batch):
        tokens, tags = batch
        scores = self.proj(tokens)
        objective = nn.functional.cross_entropy(scores, tags) / self.trainer.accumulate_grad_batches
        return {"objective": objective, "scores": scores.detach()}

    def training_step(self, batch, batch_idx):
        result = self.forward_batch(batch)
        self.log("train/objective", result["objective"])
        return result["objective"]

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.05, momentum=0.9)


class BaseDenoiser(pl.LightningModule):
    def shared(self, batch):
        noisy, clean = batch
        restored = self.body(noisy)
        return {"loss": nn.functional.mse_loss(restored, clean) / self.trainer.accumulate_grad_batches, "restored": restored}


class Denoiser(BaseDenoiser):
    def __init__(self):
        super().__init__()
        self.body = nn.Conv1d(1, 1, 5, padding=2)

    def training_step(self, batch, batch_idx):
        pieces = self.shared(batch)
        return pieces["loss"]

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
