# The evaluated network picked by a flag (`net = ema_model if use_ema else model`), with the
# trained model switched back at the top of each epoch; and a choice between two copies that no
# optimizer trains (`ema_fast if fast else ema_slow`), whose eval mode the training never sees.
import copy

import torch
from torch import nn


def fit(model, loader, val_loader, epochs, use_ema=False):
    ema_model = copy.deepcopy(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    for epoch in range(epochs):
        model.train()
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            with torch.no_grad():
                for e, p in zip(ema_model.parameters(), model.parameters()):
                    e.mul_(0.99).add_(p, alpha=0.01)
        net = ema_model if use_ema else model
        net.eval()
        with torch.no_grad():
            correct = sum((net(x).argmax(1) == y).sum().item() for x, y in val_loader)
        print(epoch, correct)


def fit_two_averages(model, loader, val_loader, epochs, fast=True):
    ema_fast = copy.deepcopy(model)
    ema_slow = copy.deepcopy(model)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model.train()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
            with torch.no_grad():
                for f, s, p in zip(ema_fast.parameters(), ema_slow.parameters(), model.parameters()):
                    f.mul_(0.9).add_(p, alpha=0.1)
                    s.mul_(0.999).add_(p, alpha=0.001)
        net = ema_fast if fast else ema_slow
        net.eval()
        with torch.no_grad():
            correct = sum((net(x).argmax(1) == y).sum().item() for x, y in val_loader)
        print(epoch, correct)
