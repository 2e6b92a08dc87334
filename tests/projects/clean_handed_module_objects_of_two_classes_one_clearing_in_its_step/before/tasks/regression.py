import torch
from torch import nn


class Regression(nn.Module):
    """A task object: it computes its own loss and builds its own optimizer."""

    def __init__(self, width=8):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(4, width), nn.Tanh(), nn.Linear(width, 1))

    def forward(self, x):
        return self.body(x)

    def shared_step(self, batch):
        inputs, targets = batch
        return nn.functional.mse_loss(self(inputs), targets)

    def make_optimizer(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)
