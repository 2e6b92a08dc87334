import torch
from torch import nn
import pytorch_lightning as pl


class Classifier(pl.LightningModule):
    """Manual optimization accumulating 4 batches: `batch_idx` is 0 on each epoch's first batch."""

    def __init__(self):
        super().__init__()
        self.automatic_optimization = False
        self.net = nn.Linear(16, 4)

    def training_step(self, batch, batch_idx):
        opt = self.optimizers()
        x, y = batch
        loss = nn.functional.cross_entropy(self.net(x), y) / 4
        self.manual_backward(loss)
        if batch_idx % 4 == 0:
            opt.step()
            opt.zero_grad()
        self.log("train_loss", loss)

    def configure_optimizers(self):
        return torch.optim.AdamW(self.parameters(), lr=1e-3)
