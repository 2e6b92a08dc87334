import torch
from torch import nn


def make_pair(width):
    net = nn.Sequential(nn.Linear(6, width), nn.ReLU(), nn.Linear(width, 2))
    optim = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    return net, optim


def fit(batches, epochs):
    ensemble = [make_pair(w) for w in (8, 16, 32)]
    for epoch in range(epochs):
        for net, optim in ensemble:
            if epoch == epochs // 2:
                optim.lr = 0.01
                for param_group in optim.param_groups:
                    param_group["lr"] = optim.lr
            for x, y in batches:
                optim.zero_grad()
                nn.functional.cross_entropy(net(x), y).backward()
                optim.step()
    return ensemble
