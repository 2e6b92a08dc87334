import lightning.pytorch as L
import torch
from torch import nn


class Tagger(L.LightningModule):
    def __init__(self, vocab, tags):
        super().__init__()
        self.embed = nn.Embedding(vocab, 32)
        self.out = nn.Linear(32, tags)

    def training_step(self, batch, batch_idx):
        tokens, labels = batch
        logits = self.out(self.embed(tokens))
        return nn.functional.cross_entropy(logits.flatten(0, 1), labels.flatten())

    def optimizer_step(self, epoch, batch_idx, opt, closure=None):
        opt.step(closure=closure)
        nn.utils.clip_grad_value_(self.parameters(), clip_value=0.5)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters(), lr=1e-3)
