# `retain_graph=True` handed to `torch.autograd.backward([loss], ...)` (a list of one tensor)
# and spread from a dict literal (`loss.backward(**{"retain_graph": True})`): nothing
# backpropagates through either graph again, so the flag only keeps memory alive.
import torch
import torch.nn.functional as F
from torch import nn

net = nn.Sequential(nn.Linear(10, 20), nn.GELU(), nn.Linear(20, 4))
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)


def fit(loader):
    for features, targets in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(net(features), targets)
        torch.autograd.backward([loss])
        optimizer.step()


def fit_spread(loader):
    for features, targets in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(net(features), targets)
        loss.backward()
        optimizer.step()
