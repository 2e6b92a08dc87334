import torch
from torch import nn


def apply_update(optimizer, scheduler):
    optimizer.step()
    scheduler.step()


def train(model, loader, optimizer, scheduler):
    norms = []
    for inputs, targets in loader:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(model(inputs), targets)
        loss.backward()
        norms.append(torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters() if p.grad is not None)).item())
        apply_update(optimizer, scheduler)
    return norms
