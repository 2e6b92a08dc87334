import torch
from torch import nn


class Heads(nn.Module):
    def __init__(self):
        super().__init__()
        self.heads = {"a": nn.Linear(4, 2), "b": nn.Linear(4, 2)}

    def forward(self, x):
        return self.heads["a"](x) + self.heads["b"](x)


def scores(net, loader):
    kept = []
    for x, y in loader:
        net(x).sum().backward()
        kept.append(net.heads["a"].weight.grad.clone())
    return kept
