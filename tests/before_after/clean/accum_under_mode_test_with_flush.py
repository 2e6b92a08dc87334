import torch
from torch import nn


def run_epoch(model, optimizer, loader, train=True, accum=4):
    total = 0.0
    for step, (x, y) in enumerate(loader):
        loss = nn.functional.mse_loss(model(x), y)
        if train:
            (loss / accum).backward()
            if (step + 1) % accum == 0 or step + 1 == len(loader):
                optimizer.step()
                optimizer.zero_grad(set_to_none=True)
        total += loss.item()
    return total
