from typing import NamedTuple

import torch
from torch import nn


class Step(NamedTuple):
    features: torch.Tensor
    labels: torch.Tensor


def update(model, optimizer, record):
    out = model(record.features)
    nn.functional.cross_entropy(out, record.labels).backward()
    optimizer.step()


def run(model, loader, steps):
    optimizer = torch.optim.Adam(model.parameters())
    it = iter(loader)
    done = 0
    while done < steps:
        x, y = next(it)
        update(model, optimizer, Step(x, y))
        done += 1
