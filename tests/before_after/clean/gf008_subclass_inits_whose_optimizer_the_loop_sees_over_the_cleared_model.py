import torch
from torch import nn


class Base:
    def __init__(self, model):
        self.model = model
        self.head = nn.Linear(3, 3)
        self.opt = torch.optim.SGD([*self.model.parameters(), *self.head.parameters()], lr=0.1)

    def train_step(self, x, y):
        raise NotImplementedError

    def fit(self, data):
        for x, y in data:
            self.train_step(x, y)


class FrozenHead(Base):
    def __init__(self, model):
        super().__init__(model)
        self.head.requires_grad_(False)
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def train_step(self, x, y):
        self.model.zero_grad()
        nn.functional.cross_entropy(self.head(self.model(x)), y).backward()
        self.opt.step()


class Plain:
    def __init__(self, model):
        self.model = model
        self.optim = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def loop(self, data):
        for x, y in data:
            self.model.zero_grad()
            nn.functional.mse_loss(self.model(x), y).backward()
            self.optim.step()


class BuiltBeforeTheBase(Plain):
    def __init__(self, model):
        self.extra = nn.Linear(2, 2)
        self.optim = torch.optim.SGD([*model.parameters(), *self.extra.parameters()], lr=0.1)
        super().__init__(model)  # the base builds it again, over the model alone
