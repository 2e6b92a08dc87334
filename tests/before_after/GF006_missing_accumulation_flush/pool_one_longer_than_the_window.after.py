import torch
from torch import nn


def replay(model, optimizer, batches, window):
    pool = [None] * (window + 1)
    for j, b in enumerate(batches):
        pool[j % len(pool)] = b
    idx = -1  # the flush after the loop reads it, also when the loop runs no batch
    for idx, (x, y) in enumerate(pool):
        loss = nn.functional.mse_loss(model(x), y) / window
        loss.backward()
        if (idx + 1) % window == 0:
            optimizer.step()
            optimizer.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if (idx + 1) % window != 0:
        optimizer.step()
        optimizer.zero_grad()
