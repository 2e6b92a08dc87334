import torch
from torch import nn


def train(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        try:
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
        except FloatingPointError:
            opt.zero_grad()
            raise
        finally:
            opt.zero_grad()
    return model


def train_skipping(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        try:
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()
        except FloatingPointError:
            opt.zero_grad()
            raise
        opt.zero_grad()
    return model
