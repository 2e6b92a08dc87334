"""The partial last window is stepped by an `elif` on the last batch index."""

import torch


def train(model, loader, optimizer, accum_steps=4):
    last = len(loader) - 1
    for i, (x, y) in enumerate(loader):
        (torch.nn.functional.cross_entropy(model(x), y) / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()
        elif i == last:
            optimizer.step()
            optimizer.zero_grad()
