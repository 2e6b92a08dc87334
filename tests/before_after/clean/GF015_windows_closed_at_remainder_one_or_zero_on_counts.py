# Windows on counts that hold N micro-batches: a count moved on before the test and closed at
# `== 0`; an `enumerate` index closed at `% 2 == 1` (every second micro-batch, from the second).
import torch

ACCUM = 4


def counted_from_one(model, optimizer, batches):
    seen = 0
    for batch in batches:
        seen += 1
        (model(batch).pow(2).mean() / ACCUM).backward()
        if seen % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad()
    if seen % ACCUM != 0:
        optimizer.step()
        optimizer.zero_grad()


def pairs(model, optimizer, batches):
    for i, batch in enumerate(batches):
        (model(batch).pow(2).mean() / 2).backward()
        if i % 2 == 1:
            optimizer.step()
            optimizer.zero_grad()
    if len(batches) % 2:
        optimizer.step()
        optimizer.zero_grad()
