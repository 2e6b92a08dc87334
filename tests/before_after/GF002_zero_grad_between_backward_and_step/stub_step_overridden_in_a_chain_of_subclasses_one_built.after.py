import abc

import torch
from torch import nn


class HistoryMixin:
    def remember(self, value):
        self.history.append(value)


class Engine(abc.ABC):
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.history = []
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)

    @abc.abstractmethod
    def fit_batch(self, xb, yb):
        ...

    def run(self, epochs):
        for _ in range(epochs):
            for xb, yb in self.batches:
                self.fit_batch(xb, yb)


class RegressionEngine(Engine):
    def fit_batch(self, xb, yb):
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.net(xb), yb)
        loss.backward()
        self.opt.step()
        return loss


class LoggedEngine(HistoryMixin, RegressionEngine):
    def fit_batch(self, xb, yb):
        loss = super().fit_batch(xb, yb)
        self.remember(loss.item())
        return loss


engine = LoggedEngine(nn.Linear(3, 1), [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)])
engine.run(2)
