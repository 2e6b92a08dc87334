import abc

import torch
from torch import nn


class BaseTrainer(abc.ABC):
    def __init__(self, model, loader, epochs=3):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.optimizer = self.build_optimizer()
        self.scheduler = torch.optim.lr_scheduler.ExponentialLR(self.optimizer, gamma=0.9)
        if epochs > 2:
            self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    @abc.abstractmethod
    def build_optimizer(self):
        ...

    @abc.abstractmethod
    def train_step(self, x, y):
        ...

    def fit(self):
        for epoch in range(self.epochs):
            for x, y in self.loader:
                self.train_step(x, y)
            self.scheduler.step()
        return self


class Supervised(BaseTrainer):
    def build_optimizer(self):
        return torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9)

    def train_step(self, x, y):
        self.optimizer.zero_grad()
        nn.functional.cross_entropy(self.model(x), y).backward()
        self.optimizer.step()
