import torch
from torch import nn


def run(data, epochs):
    net = nn.Sequential(nn.Linear(5, 10), nn.ReLU(), nn.Linear(10, 2))
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    tuner = adam  # the same optimizer under a shorter name
    for epoch in range(epochs):
        tuner.lr = 1e-3 * 0.9 ** epoch
        for xb, yb in data:
            tuner.zero_grad()
            nn.functional.cross_entropy(net(xb), yb).backward()
            tuner.step()
