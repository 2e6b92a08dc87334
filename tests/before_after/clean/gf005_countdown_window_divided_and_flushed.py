# Correct: a window counted down (`left -= 1`, the step when `left == 0`, then `left = accum`
# again), the loss divided by the window, the clear in the window after the step, and the
# micro-batches after the last full window flushed under `left != accum`. GF005, GF006 and
# GF011 must stay silent.
import torch


def train(model, optimizer, loader, accum=4):
    left = accum
    for x, y in loader:
        loss = torch.nn.functional.cross_entropy(model(x), y) / accum
        loss.backward()
        left -= 1
        if left == 0:
            optimizer.step()
            optimizer.zero_grad()
            left = accum
    if left != accum:
        optimizer.step()
        optimizer.zero_grad()
    return model
