"""The base class's loop backpropagates `self.objective(...)`, an abstract method; the one
subclass's override (the code that runs) does not divide: the loss is backpropagated whole."""

from abc import ABC, abstractmethod

import torch
import torch.nn.functional as F


class Base(ABC):
    accum = 4

    @abstractmethod
    def objective(self, x, y):
        """The loss of one micro-batch."""

    def train_epoch(self, loader):
        for i, (x, y) in enumerate(loader):
            self.objective(x, y).backward()
            if (i + 1) % self.accum == 0:
                self.opt.step()
                self.opt.zero_grad()
        if (i + 1) % self.accum != 0:
            self.opt.step()
            self.opt.zero_grad()


class Classifier(Base):
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def objective(self, x, y):
        return F.cross_entropy(self.model(x), y)


Classifier(torch.nn.Linear(4, 2)).train_epoch([(torch.randn(2, 4), torch.tensor([0, 1]))] * 8)
