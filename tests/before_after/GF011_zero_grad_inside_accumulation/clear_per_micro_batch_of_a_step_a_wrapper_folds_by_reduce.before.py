# An accumulation step that clears every micro-batch, called by a short wrapper that
# `functools.reduce` folds over the batches in an epoch function: read as `for b in batches:
# accumulate(b)`; the clear moves after the boundary step, as in that `for` loop.
import functools

import torch
import torch.nn.functional as F

EVERY = 3
encoder = torch.nn.Sequential(torch.nn.Linear(10, 20), torch.nn.GELU(), torch.nn.Linear(20, 4))
optimizer = torch.optim.AdamW(encoder.parameters(), lr=3e-4)
micro = 0


def accumulate(sample):
    global micro
    inputs, labels = sample
    optimizer.zero_grad(set_to_none=True)
    loss = F.cross_entropy(encoder(inputs), labels) / EVERY
    loss.backward()
    micro += 1
    if micro % EVERY == 0:
        optimizer.step()
    return loss.item()


def add_up(running, sample):
    return running + accumulate(sample)


def run_epoch(samples):
    return functools.reduce(add_up, samples, 0.0)


data = [(torch.randn(8, 10), torch.randint(0, 4, (8,))) for _ in range(9)]
run_epoch(data)
