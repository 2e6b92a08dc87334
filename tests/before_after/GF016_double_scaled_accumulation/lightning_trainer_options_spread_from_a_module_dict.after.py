"""The Trainer's options come from a module-level dict spread into it (`**TRAINER_OPTIONS`),
which sets `accumulate_grad_batches` to 2; the `training_step` divides by 2 as well and
returns the loss in a dict: Lightning divides its `"loss"` entry again. The division goes."""
import pytorch_lightning as pl
import torch
import torch.nn.functional as F
from torch import nn

TRAINER_OPTIONS = {"max_epochs": 3, "accumulate_grad_batches": 2, "accelerator": "cpu"}


class Tagger(pl.LightningModule):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Linear(10, 16)
        self.tagger = nn.Linear(16, 3)

    def forward(self, x):
        return self.tagger(torch.relu(self.encoder(x)))

    def training_step(self, batch, batch_idx):
        tokens, tags = batch
        loss = F.cross_entropy(self(tokens), tags)
        return {"loss": loss, "n": tokens.size(0)}

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1, momentum=0.9)


def main(loader):
    trainer = pl.Trainer(enable_progress_bar=False, **TRAINER_OPTIONS)
    trainer.fit(Tagger(), loader)
