"""The override of a stub retains its graph because the base's loop backpropagates the loss it
returns again, or a subclass of it backpropagates what it returns."""

import torch
import torch.nn.functional as F


class Base:
    def __init__(self, net, opt):
        self.net, self.opt = net, opt

    def step(self, x, y):
        raise NotImplementedError

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            loss = self.step(x, y)
            (0.1 * loss).backward()
            self.opt.step()


class Auxiliary(Base):
    def step(self, x, y):
        loss = F.cross_entropy(self.net(x), y)
        loss.backward(retain_graph=True)
        return loss


class Runner:
    def __init__(self, net, opt):
        self.net, self.opt = net, opt

    def compute(self, x, y):
        pass

    def fit(self, loader):
        for x, y in loader:
            value = self.compute(x, y)
            print(float(value))


class Kept(Runner):
    def compute(self, x, y):
        self.opt.zero_grad()
        loss = F.mse_loss(self.net(x), y)
        loss.backward(retain_graph=True)
        self.opt.step()
        return loss


class Again(Kept):
    def compute(self, x, y):
        loss = super().compute(x, y)
        loss.backward()
        return loss
