"""The window is counted by a counter reset at each window's end (`pending == N`), and what
is pending when the loader ends is stepped after the loop."""

import torch


def train(model, loader, optimizer, accum_steps=4):
    pending = 0
    for x, y in loader:
        (torch.nn.functional.cross_entropy(model(x), y) / accum_steps).backward()
        pending += 1
        if pending == accum_steps:
            optimizer.step()
            optimizer.zero_grad()
            pending = 0
    if pending:
        optimizer.step()
        optimizer.zero_grad()
