"""Apex's FusedLAMB defines `zero_grad(self)`: the clear gradfix adds to this while loop is bare."""

import torch
from apex.optimizers import FusedLAMB


def train(model, loader, max_steps):
    opt = FusedLAMB(model.parameters(), lr=1e-3)
    step = 0
    batches = iter(loader)
    while step < max_steps:
        x, y = next(batches)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        step += 1
