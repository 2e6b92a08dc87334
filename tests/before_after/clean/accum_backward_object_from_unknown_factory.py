"""`accumulator` is built once, before the loop, by a function of a library: it is no loss
of the current micro-batch, so `accumulator.backward(loss)` is that object's method, whose
scaling gradfix cannot see."""

import torch
from trainkit import build_accumulator


def train(model, loader, accumulation=8):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    accumulator = build_accumulator(model, steps=accumulation)
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y)
        accumulator.backward(loss)
        if (i + 1) % accumulation == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
    if (i + 1) % accumulation != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
