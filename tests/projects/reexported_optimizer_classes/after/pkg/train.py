import torch

from pkg import optim
from pkg.optim import WrappedOptimizer


def train_wrapped(model, batches):
    optimizer = WrappedOptimizer(model.parameters())
    for x, y in batches:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()


def train_named(model, batches):
    optimizer = optim.NamedOpt(model.parameters())
    for x, y in batches:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()


def train_plain(model, batches):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in batches:
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
