import torch
from torch import nn


def train(net: nn.Module, batches, steps: int):
    trainable = list(p for p in net.parameters() if p.requires_grad)
    fast = torch.optim.SGD(trainable, lr=0.1)
    slow = torch.optim.SGD(trainable, lr=0.001, momentum=0.9)
    for step, (x, y) in enumerate(batches):
        opt = fast if step < steps // 2 else slow
        opt.zero_grad()
        nn.functional.cross_entropy(net(x), y).backward()
        opt.step()
