import torch
from torch import nn


def make_network(width):
    return nn.Sequential(nn.Linear(3, width), nn.BatchNorm1d(width), nn.ReLU(), nn.Linear(width, 1))


def make_optim(settings, net):
    return torch.optim.AdamW(net.parameters(), lr=settings["lr"])
