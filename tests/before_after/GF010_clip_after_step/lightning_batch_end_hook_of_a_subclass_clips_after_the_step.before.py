import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F

MAX_NORM = 1.0


class Seq2Label(pl.LightningModule):
    def __init__(self, vocab=1000, hidden=64):
        super().__init__()
        self.embed = nn.Embedding(vocab, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, 2)

    def training_step(self, batch, batch_idx):
        tokens, labels = batch
        states, _ = self.rnn(self.embed(tokens))
        return F.cross_entropy(self.out(states[:, -1]), labels)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=2e-3)


class ClippedSeq2Label(Seq2Label):
    def on_train_batch_end(self, outputs, batch, batch_idx):
        """Keep the recurrent gradients in check."""
        torch.nn.utils.clip_grad_norm_(self.rnn.parameters(), MAX_NORM)
        torch.nn.utils.clip_grad_value_(self.out.parameters(), 0.5)
