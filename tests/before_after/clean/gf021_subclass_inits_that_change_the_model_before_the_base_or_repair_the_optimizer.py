"""Subclasses that change the model their base builds an optimizer over, but before
`super().__init__` runs, or that rebuild the optimizer or hand it the new parameters after."""

import torch
from torch import nn


class Runner:
    def __init__(self, net, lr=0.01):
        self.net = net
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=lr)

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            nn.functional.cross_entropy(self.net(x), y).backward()
            self.optimizer.step()


class HeadFirst(Runner):
    def __init__(self, net, classes):
        net.fc = nn.Linear(net.fc.in_features, classes)
        super().__init__(net)


class Rebuilt(Runner):
    def __init__(self, net, classes):
        super().__init__(net)
        self.net.fc = nn.Linear(self.net.fc.in_features, classes)
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.01)


class Grouped(Runner):
    def __init__(self, net, classes):
        super().__init__(net)
        self.net.head = nn.Linear(8, classes)
        self.optimizer.add_param_group({"params": self.net.head.parameters(), "lr": 0.1})


class Settings(Runner):
    def __init__(self, net, temperature):
        super().__init__(net)
        self.net.temperature = temperature
        self.net.fc.weight.data.mul_(0.5)


class Tagged(Runner):
    def __init__(self, net, tag):
        super().__init__(net)
        self.tag = tag


class RebuiltBelow(Tagged):
    def __init__(self, net, tag, classes):
        super().__init__(net, tag)
        self.net.fc = nn.Linear(self.net.fc.in_features, classes)
        self.optimizer = torch.optim.SGD(self.net.parameters(), lr=0.01)
