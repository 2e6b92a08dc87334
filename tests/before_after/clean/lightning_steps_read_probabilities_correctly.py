import lightning as L
import torch
import torch.nn.functional as F
from torch import nn


class LitClassifier(L.LightningModule):
    """Probabilities only where nothing backpropagates, and log-softmax before NLL."""

    def __init__(self):
        super().__init__()
        self.net = nn.Linear(32, 4)

    def forward(self, x):
        return self.net(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        log_probs = F.log_softmax(self(x), dim=1)
        loss = F.nll_loss(log_probs, y)
        self.log("train_acc", (log_probs.exp().argmax(1) == y).float().mean())
        return loss

    def validation_step(self, batch, batch_idx):
        x, y = batch
        probs = torch.softmax(self(x), dim=1)
        self.log("val_loss", F.cross_entropy(probs, y))  # a metric: nothing backpropagates it
        return probs

    def predict_step(self, batch, batch_idx):
        return torch.softmax(self(batch), dim=-1)

    def configure_optimizers(self):
        return torch.optim.Adam(self.parameters())
