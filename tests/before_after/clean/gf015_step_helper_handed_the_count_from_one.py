# The loop counts from 0 and hands the step helper `i + 1`: the helper's `i % accum == 0`
# then closes windows of exactly `accum` micro-batches (the epoch's tail is stepped after it).
import torch
import torch.nn.functional as F


def maybe_step(optimizer, i, accum):
    if i % accum == 0:
        optimizer.step()
        optimizer.zero_grad()


def train(model, batches, accum=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(3):
        for i, (x, y) in enumerate(batches):
            (F.cross_entropy(model(x), y) / accum).backward()
            maybe_step(optimizer, i + 1, accum)
        if len(batches) % accum:
            optimizer.step()  # the last, shorter window
            optimizer.zero_grad()
