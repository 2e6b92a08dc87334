import torch
import torch.nn.functional as F
from torch import nn


class Regressor(nn.Module):
    """Shaped like a LightningModule: the loop calls its `training_step` for the loss."""

    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 2)

    def forward(self, x):
        return self.body(x)

    def training_step(self, batch, batch_idx):
        x, y = batch
        return F.mse_loss(self(x), y)

    def configure_optimizers(self):
        return torch.optim.SGD(self.parameters(), lr=0.1)


def fit(module, loader, epochs, accumulate=2):
    optimizer = module.configure_optimizers()
    for epoch in range(epochs):
        optimizer.zero_grad()
        for batch_idx, batch in enumerate(loader):
            loss = module.training_step(batch, batch_idx)
            (loss / accumulate).backward()
            if (batch_idx + 1) % accumulate == 0 or batch_idx + 1 == len(loader):
                optimizer.step()
                optimizer.zero_grad()


def main(loader):
    fit(Regressor(), loader, 3)
