"""`training_step` of a subclass unpacks what a helper of its base returns (`loss, logs =
self._shared_step(batch)`); the helper divides the loss by `self.trainer.accumulate_grad_batches`
and Lightning divides the returned loss by that count again."""
import lightning.pytorch as L
import torch
from torch import nn


class SequenceBase(L.LightningModule):
    def __init__(self):
        super().__init__()
        self.rnn = nn.GRU(6, 16, batch_first=True)
        self.head = nn.Linear(16, 2)

    def _shared_step(self, batch):
        tokens, labels = batch
        out, _ = self.rnn(tokens)
        loss = nn.functional.cross_entropy(self.head(out[:, -1]), labels)
        return loss, {"batch": float(labels.numel())}

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)


class SentimentModel(SequenceBase):
    def training_step(self, batch, batch_idx):
        loss, logs = self._shared_step(batch)
        self.log_dict(logs)
        return loss


def train(loader):
    L.Trainer(accumulate_grad_batches=8, max_epochs=1).fit(SentimentModel(), train_dataloaders=loader)
