import torch
from torch import nn


class Runner:
    def __init__(self, net, lr=0.01):
        self.net = net
        self.lr = lr
        self._optimizer = None

    @property
    def optimizer(self):
        if self._optimizer is None:
            self._optimizer = torch.optim.SGD(self.net.parameters(), lr=self.lr, momentum=0.9)
        return self._optimizer

    def fit(self, data, epochs):
        for epoch in range(epochs):
            self.optimizer.lr = self.lr * 0.5 ** epoch
            for param_group in self.optimizer.param_groups:
                param_group["lr"] = self.optimizer.lr
            for xb, yb in data:
                self.optimizer.zero_grad()
                nn.functional.mse_loss(self.net(xb), yb).backward()
                self.optimizer.step()
