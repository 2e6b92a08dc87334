"""The base class's loop calls `self.train_step(batch)`, which two subclasses write: one clears
in its step, the other is given a clear by the loop's own hook. Which step runs depends on the
object; gradfix does not guess between them (and each step alone is correct)."""
import torch
import torch.nn.functional as F
from torch import nn


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

    def fit(self, epochs):
        for epoch in range(epochs):
            for batch in self.loader:
                self.train_step(batch)


class RegressionTrainer(Trainer):
    def train_step(self, batch):
        x, y = batch
        self.optimizer.zero_grad(set_to_none=True)
        F.mse_loss(self.model(x), y).backward()
        self.optimizer.step()


class HuberTrainer(Trainer):
    def train_step(self, batch):
        x, y = batch
        self.optimizer.zero_grad(set_to_none=True)
        F.huber_loss(self.model(x), y).backward()
        self.optimizer.step()


class ClearingTrainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05)

    def fit(self, epochs):
        for epoch in range(epochs):
            for batch in self.loader:
                self.optimizer.zero_grad(set_to_none=True)
                self.train_step(batch)


class SmoothTrainer(ClearingTrainer):
    def train_step(self, batch):
        x, y = batch
        F.smooth_l1_loss(self.model(x), y).backward()
        self.optimizer.step()


data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
RegressionTrainer(nn.Linear(4, 1), data).fit(2)
HuberTrainer(nn.Linear(4, 1), data).fit(2)
SmoothTrainer(nn.Linear(4, 1), data).fit(2)
