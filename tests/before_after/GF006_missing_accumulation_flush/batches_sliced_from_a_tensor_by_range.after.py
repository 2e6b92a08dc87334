import math

import torch


def train_epoch(model, optimizer, data, targets, batch_size, accumulation):
    perm = torch.randperm(len(data))
    i = -1  # the flush after the loop reads it, also when the loop runs no batch
    for i in range(math.ceil(len(data) / batch_size)):
        idx = perm[i * batch_size : (i + 1) * batch_size]
        loss = torch.nn.functional.mse_loss(model(data[idx]), targets[idx]) / accumulation
        loss.backward()
        if (i + 1) % accumulation == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)

    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % accumulation != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
