import torch
from torch import nn


def apply_update(optimizer):
    optimizer.step()


def train(model, loader, optimizer, extra):
    for inputs, targets in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(inputs), targets).backward()
        # the first loss's gradients are kept, cleared, and added back after a second backward
        kept = [p.grad.clone() for p in model.parameters()]
        optimizer.zero_grad()
        extra(model, inputs).backward()
        for p, g in zip(model.parameters(), kept):
            p.grad += g
        apply_update(optimizer)
