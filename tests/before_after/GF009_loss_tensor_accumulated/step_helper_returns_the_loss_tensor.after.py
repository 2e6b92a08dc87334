import torch
from torch import nn


def train_step(model, optimizer, x, y):
    optimizer.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    optimizer.step()
    return loss


def train_epoch(model, optimizer, loader):
    history = []
    for x, y in loader:
        history.append(train_step(model, optimizer, x, y).detach())
    return torch.stack(history).mean()


def train_epoch_running(model, optimizer, loader):
    running = 0.0
    for x, y in loader:
        loss = train_step(model, optimizer, x, y)
        running += loss.detach()
    return running / len(loader)
