"""The window's end is written as a guard: until a window is full, and unless this is the
last batch, the iteration goes on to the next micro-batch. The step after the guard runs on
every full window and on the last, partial one."""

import torch


def train(model, loader, optimizer, accum_steps=4):
    for i, (x, y) in enumerate(loader):
        (torch.nn.functional.cross_entropy(model(x), y) / accum_steps).backward()
        end_of_loader = i + 1 == len(loader)
        if (i + 1) % accum_steps != 0 and not end_of_loader:
            continue
        optimizer.step()
        optimizer.zero_grad()
