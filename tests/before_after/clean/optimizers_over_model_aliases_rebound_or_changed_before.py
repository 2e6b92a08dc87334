import torch
from torch import nn


def rebound_name(loader):
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    net = model
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    model = nn.Sequential(nn.Linear(6, 3))  # another object: `net` keeps the one trained
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(net(x), y).backward()
        optimizer.step()
    return net, model


def changed_before(loader):
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    net = model
    model[2] = nn.Linear(16, 3)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(net(x), y).backward()
        optimizer.step()
    return net
