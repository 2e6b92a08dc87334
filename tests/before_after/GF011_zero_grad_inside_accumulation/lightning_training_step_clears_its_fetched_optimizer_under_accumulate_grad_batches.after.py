# Automatic optimization with `Trainer(accumulate_grad_batches=ACCUM)`: Lightning runs
# training_step on every micro-batch and clears by itself at each window's first. The clear
# through the fetched optimizer at the top of training_step wipes the window's earlier
# micro-batches: each step applies the last one's gradient alone.
import torch
from torch import nn
import lightning.pytorch as L

ACCUM = 4


class Ranker(L.LightningModule):
    def __init__(self, dim=16):
        super().__init__()
        self.score = nn.Sequential(nn.Linear(dim, 32), nn.GELU(), nn.Linear(32, 1))

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        query, label = batch
        loss = nn.functional.binary_cross_entropy_with_logits(self.score(query).squeeze(-1), label)
        self.log("train/loss", loss)
        return loss

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=3e-4)


def main(loader, epochs=3):
    trainer = L.Trainer(max_epochs=epochs, accumulate_grad_batches=ACCUM, gradient_clip_val=1.0)
    trainer.fit(Ranker(), loader)
