import pytorch_lightning as pl
import torch
import torch.nn as nn
import torch.nn.functional as F


class Seq2Seq(pl.LightningModule):
    def __init__(self, vocab):
        super().__init__()
        self.embed = nn.Embedding(vocab, 256)
        self.rnn = nn.GRU(256, 256, batch_first=True)
        self.out = nn.Linear(256, vocab)
        self.automatic_optimization = False

    def training_step(self, batch, batch_idx):
        optimizer = self.optimizers()
        tokens, targets = batch
        hidden, _ = self.rnn(self.embed(tokens))
        loss = F.cross_entropy(self.out(hidden).transpose(1, 2), targets)
        optimizer.zero_grad(set_to_none=True)
        self.manual_backward(loss)
        optimizer.step()

    def on_train_batch_end(self, outputs, batch, batch_idx):
        self.lr_schedulers().step()

    def configure_optimizers(self):
        optimizer = torch.optim.AdamW(self.parameters(), lr=5e-4)
        warmup = torch.optim.lr_scheduler.LinearLR(optimizer, start_factor=0.01, total_iters=1000)
        return [optimizer], [warmup]
