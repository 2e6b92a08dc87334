import torch
from torch import nn

from .steps import Tracked


class Step:
    """Starts an optimizer step: clears what the last one left."""

    def __init__(self, optimizer, inputs, targets):
        self.optimizer = optimizer
        self.inputs = inputs
        self.targets = targets
        self.reset()

    def reset(self):
        self.optimizer.zero_grad(set_to_none=True)


def fit(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    for _ in range(epochs):
        for x, y in loader:
            batch = Step(opt, x, y)
            nn.functional.mse_loss(model(batch.inputs), batch.targets).backward()
            opt.step()


class Train_Step(Tracked):
    def __init__(self, optimizer, batch):
        super().__init__(optimizer)
        self.batch = batch


def fit_tracked(model, loader, steps):
    optimizer = torch.optim.Adam(model.parameters())
    done = 0
    while done < steps:
        for x, y in loader:
            record = Train_Step(optimizer, (x, y))
            nn.functional.l1_loss(model(record.batch[0]), record.batch[1]).backward()
            optimizer.step()
            done += 1


class Opt_Step:
    def __new__(cls, optimizer):
        optimizer.zero_grad()
        return super().__new__(cls)


def fit_new(model, loader):
    optimizer = torch.optim.Adam(model.parameters())
    for x, y in loader:
        Opt_Step(optimizer)
        nn.functional.l1_loss(model(x), y).backward()
        optimizer.step()
