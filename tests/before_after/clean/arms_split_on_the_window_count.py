import torch
from torch import nn


def train(model, loader, optimizer, accum=4):
    model.train()
    optimizer.zero_grad()
    for i, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        if accum > 1:
            (loss / accum).backward()
        else:
            loss.backward()
        if (i + 1) % accum == 0 or i == len(loader) - 1:
            optimizer.step()
            optimizer.zero_grad()
