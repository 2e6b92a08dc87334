import torch
from torch import nn


def replay(model, optimizer, batches, window):
    pool = [None] * window
    for j, b in enumerate(batches):
        pool[j % window] = b
    for idx, (x, y) in enumerate(pool):
        loss = nn.functional.mse_loss(model(x), y) / window
        loss.backward()
        if (idx + 1) % window == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
