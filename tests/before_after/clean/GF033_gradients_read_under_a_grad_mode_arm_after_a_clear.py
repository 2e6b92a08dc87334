"""Squared gradients summed per batch under `if torch.is_grad_enabled():`, the module cleared
before each backward: each read holds one batch's gradient. Silent."""
import torch
from torch import nn


def fisher(net, batches):
    acc = [torch.zeros_like(p) for p in net.parameters()]
    for x, y in batches:
        if torch.is_grad_enabled():
            net.zero_grad(set_to_none=True)
            nn.functional.cross_entropy(net(x), y).backward()
            for slot, p in zip(acc, net.parameters()):
                slot += p.grad.detach() ** 2
    return acc


fisher(nn.Linear(4, 2), [(torch.randn(3, 4), torch.tensor([0, 1, 1]))] * 2)
