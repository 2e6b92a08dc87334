import torch
from torch import nn


def train_epoch(model, loader, optimizer, criterion):
    model.train()
    epoch_loss = 0.0
    for batch, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        (loss := criterion(model(x), y)).backward()
        optimizer.step()
        epoch_loss += loss.detach()
    return epoch_loss / (batch + 1)
