import abc

import torch
from torch import nn


class BaseTrainer(abc.ABC):
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
        self.history = []

    @abc.abstractmethod
    def train_step(self, x, y):
        ...

    def fit(self, epochs=2):
        for epoch in range(epochs):
            for x, y in self.loader:
                loss = self.train_step(x, y)
        return self


class SupervisedBase(BaseTrainer):
    def train_step(self, x, y):
        self.optimizer.zero_grad()
        loss = torch.stack([nn.functional.cross_entropy(self.model(x), y)]).mean()
        loss.backward(retain_graph=True)
        self.optimizer.step()
        return loss


class Trainer(SupervisedBase):
    def train_step(self, x, y):
        loss = super().train_step(x, y)
        self.history.append(loss.item())
        return loss


if __name__ == "__main__":
    Trainer(nn.Linear(3, 3), [(torch.randn(4, 3), torch.tensor([0, 1, 2, 0]))]).fit()
