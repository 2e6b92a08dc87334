# The training switches the DataParallel wrapper to train mode: the network it wraps follows.
import torch
import torch.nn.functional as F
from torch import nn


def validate(m, loader):
    m.eval()
    total = 0.0
    for x, y in loader:
        total += F.cross_entropy(m(x), y).item()
    return total


def train_epoch(model, optimizer, loader):
    model.train()
    for x, y in loader:
        optimizer.zero_grad()
        F.cross_entropy(model(x), y).backward()
        optimizer.step()


def main(net, loader, epochs):
    model = nn.DataParallel(net)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        train_epoch(model, optimizer, loader)
        print(validate(net, loader))
