import copy

import torch
from accelerate import Accelerator
from torch import nn


class Trainer:
    def __init__(self, net: nn.Module, lr: float = 1e-4):
        self.accelerator = Accelerator()
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=lr)
        # the codec cannot be deep-copied: hide it from the EMA copy, then put the same one back
        codec = net.codec
        net.codec = None
        self.ema = copy.deepcopy(net)
        net.codec = codec
        self.ema.codec = codec
        self.net, self.opt = self.accelerator.prepare(self.net, self.opt)


def train(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    head = model.head
    model.head = nn.Identity()
    features = [model(x) for x, _ in loader]
    model.head = head
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    return features
