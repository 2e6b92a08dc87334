import torch
from torch import nn


def replay(model, optimizer, batches, window):
    pool = [None] * (window + 1)
    for j, b in enumerate(batches):
        pool[j % len(pool)] = b
    for idx, (x, y) in enumerate(pool):
        loss = nn.functional.mse_loss(model(x), y) / window
        loss.backward()
        if (idx + 1) % window == 0:
            optimizer.step()
            optimizer.zero_grad()
