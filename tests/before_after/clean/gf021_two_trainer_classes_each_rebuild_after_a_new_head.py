import torch
import torch.nn as nn
import torch.nn.functional as F


class Classifier:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 3))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05)

    def new_head(self, n):
        self.model[2] = nn.Linear(16, n)
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05)

    def fit(self, data):
        for x, y in data:
            self.opt.zero_grad(set_to_none=True)
            F.cross_entropy(self.model(x), y).backward()
            self.opt.step()


class Regressor:
    def __init__(self):
        self.model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05)

    def new_head(self, n):
        self.model[2] = nn.Linear(16, n)
        self.opt.add_param_group({"params": self.model[2].parameters()})

    def fit(self, data):
        for x, y in data:
            self.opt.zero_grad(set_to_none=True)
            F.mse_loss(self.model(x), y).backward()
            self.opt.step()


class Tuned(Classifier):
    """Relies on the base's `new_head`, which rebuilds."""

    def widen(self, n):
        self.new_head(n)


def main(data):
    a = Classifier()
    a.new_head(5)
    a.fit(data)
    b = Regressor()
    b.new_head(2)
    b.fit(data)
    c = Tuned()
    c.widen(4)
    c.fit(data)
