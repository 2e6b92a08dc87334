# Correct: a list comprehension clears every optimizer of the list each iteration, and
# another steps them.
import torch
from torch import nn

stages = nn.ModuleList([nn.Linear(8, 8), nn.Linear(8, 2)])
optimizers = [torch.optim.Adam(stage.parameters(), lr=1e-3) for stage in stages]


def train(loader):
    for features, labels in loader:
        [opt.zero_grad() for opt in optimizers]
        nn.functional.cross_entropy(stages[1](stages[0](features)), labels).backward()
        [opt.step() for opt in optimizers]
