import collections

import torch
from torch import nn

Step = collections.namedtuple("Step", ["inputs", "targets"])


def fit(model, loader, steps):
    optimizer = torch.optim.Adam(model.parameters())
    done = 0
    while done < steps:
        for x, y in loader:
            s = Step(x, y)
            nn.functional.l1_loss(model(s.inputs), s.targets).backward()
            optimizer.step()
            done += 1
