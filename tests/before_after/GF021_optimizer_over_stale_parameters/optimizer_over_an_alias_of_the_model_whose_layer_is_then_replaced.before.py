import torch
from torch import nn


def main(loader, epochs=3):
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    net = model
    optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
    model[2] = nn.Linear(16, 3)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(net(x), y).backward()
            optimizer.step()
    return net
