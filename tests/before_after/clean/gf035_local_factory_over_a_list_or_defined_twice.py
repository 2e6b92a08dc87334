import torch
from torch import nn


def train(model, loader, epochs):
    def make(ps):
        return torch.optim.SGD(ps, lr=0.1)

    params = list(model.parameters())
    for epoch in range(epochs):
        opt = make(params)
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


def train_twice(model, loader, epochs, fast):
    def make(ps):
        return torch.optim.SGD(ps, lr=0.1)

    if fast:
        def make(ps):
            return torch.optim.SGD(list(ps), lr=0.1)

    params = model.parameters()
    for epoch in range(epochs):
        opt = make(params)
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()
