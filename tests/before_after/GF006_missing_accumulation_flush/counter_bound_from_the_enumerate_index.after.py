# The window's counter is the enumerate index plus one, under another name (`seen = idx + 1`):
# read like the index itself, the last micro-batches of an epoch that fill no window are never
# stepped. A flush goes after the loop.
import torch


def train_epoch(model, optimizer, loader, criterion, grad_accum=4):
    seen = 0  # the flush after the loop reads it, also when the loop runs no batch
    for idx, (inputs, labels) in enumerate(loader):
        loss = criterion(model(inputs), labels) / grad_accum
        loss.backward()
        seen = idx + 1
        if seen % grad_accum == 0:
            optimizer.step()
            optimizer.zero_grad()

    # the last micro-batches did not fill a whole window: step on them too
    if seen % grad_accum != 0:
        optimizer.step()
        optimizer.zero_grad()
