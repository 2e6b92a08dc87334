# An Adam built at the top of each epoch whose batch loop is a `while` over an index, or
# `itertools.count()` with a break over a fresh iterator of the same loader: the same data
# every epoch, so the optimizer is built once before the epoch loop.
import itertools

import torch
import torch.nn.functional as F


def train_indexed(net, loader, epochs):
    shards = list(loader)
    for epoch in range(epochs):
        adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        j = 0
        while j < len(shards):
            inputs, targets = shards[j]
            adam.zero_grad()
            F.mse_loss(net(inputs), targets).backward()
            adam.step()
            j += 1


def train_counted(net, loader, epochs):
    for epoch in range(epochs):
        rms = torch.optim.RMSprop(net.parameters(), lr=1e-3)
        batches = iter(loader)
        for n in itertools.count():
            if n >= len(loader):
                break
            inputs, targets = next(batches)
            rms.zero_grad()
            F.mse_loss(net(inputs), targets).backward()
            rms.step()
