"""Losses a base class binds in `__init__` that the classes below it bind anew: the method
reads the subclass's own loss (or one of several), never the base's cross-entropy."""

import torch
import torch.nn.functional as F
from torch import nn


class Base:
    def __init__(self, net):
        self.net = net
        self.criterion = nn.CrossEntropyLoss()
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)


class LogProbTrainer(Base):
    def __init__(self, net):
        super().__init__(net)
        self.criterion = nn.BCELoss()

    def step(self, x, y):
        crit = self.criterion
        self.opt.zero_grad()
        loss = crit(torch.sigmoid(self.net(x)), y)
        loss.backward()
        self.opt.step()


class Middle(Base):
    def __init__(self, net):
        super().__init__(net)
        self.criterion = nn.BCELoss(reduction="sum")


class Leaf(Middle):
    def step(self, x, y):
        self.opt.zero_grad()
        loss = self.criterion(torch.sigmoid(self.net(x)), y)
        loss.backward()
        self.opt.step()


class ProbabilityStep(Base):
    def step(self, x, y):
        self.opt.zero_grad()
        loss = self.criterion(torch.sigmoid(self.net(x)), y)
        loss.backward()
        self.opt.step()


class BinaryTrainer(ProbabilityStep):
    def __init__(self, net):
        super().__init__(net)
        self.criterion = nn.BCELoss()


class Stepper:
    def __init__(self, net):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def step(self, x, y):
        self.opt.zero_grad()
        loss = self.loss_fn(F.log_softmax(self.net(x), dim=1), y)
        loss.backward()
        self.opt.step()


class Plain(Stepper):
    def __init__(self, net):
        super().__init__(net)
        self.loss_fn = nn.NLLLoss()


class Weighted(Stepper):
    def __init__(self, net, weight):
        super().__init__(net)
        self.loss_fn = nn.NLLLoss(weight=weight)


def train(net, data):
    trainers = [LogProbTrainer(net), Leaf(net), BinaryTrainer(net), Plain(net), Weighted(net, torch.ones(3))]
    for trainer in trainers:
        for x, y in data:
            trainer.step(x, y)
