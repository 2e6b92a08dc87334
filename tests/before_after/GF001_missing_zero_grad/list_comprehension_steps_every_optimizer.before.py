# The optimizers of a model split in stages are stepped in a list comprehension, and nothing
# clears them: gradients pile up from the first batch on. Reported like the same `for` loop,
# without a fix (the clear of a list of optimizers is the author's to write).
import torch
from torch import nn

stages = nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 8), nn.Linear(8, 2)])
optimizers = [torch.optim.Adam(stage.parameters(), lr=1e-3) for stage in stages]


def train(loader):
    for features, labels in loader:
        hidden = features
        for stage in stages:
            hidden = stage(hidden)
        nn.functional.cross_entropy(hidden, labels).backward()
        [opt.step() for opt in optimizers]
