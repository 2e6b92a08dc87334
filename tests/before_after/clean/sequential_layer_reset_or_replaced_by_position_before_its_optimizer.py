# The Sequential's last layer replaced by position with `setattr` before the optimizer is
# built, and an attribute whose name is not a position or an identifier set on the model.
import torch
from torch import nn


class Regressor:
    def __init__(self):
        self.body = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 1))

    def prepare(self, lr):
        setattr(self.body, "2", nn.Linear(16, 2))
        self.optimizer = torch.optim.Adam(self.body.parameters(), lr=lr)
        setattr(self.body, "meta-info", {"lr": lr})

    def fit(self, batches):
        for x, y in batches:
            self.optimizer.zero_grad()
            torch.nn.functional.mse_loss(self.body(x), y).backward()
            self.optimizer.step()
