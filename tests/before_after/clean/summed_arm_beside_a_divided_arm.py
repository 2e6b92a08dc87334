import torch
from torch import nn


def train(model, loader, optimizer, accum=4, mode="sum"):
    model.train()
    optimizer.zero_grad()
    for i, (x, y) in enumerate(loader):
        if mode == "sum":
            loss = nn.functional.mse_loss(model(x), y, reduction="sum")
            loss.backward()
        else:
            loss = nn.functional.mse_loss(model(x), y)
            (loss / accum).backward()
        if (i + 1) % accum == 0 or i == len(loader) - 1:
            optimizer.step()
            optimizer.zero_grad()
