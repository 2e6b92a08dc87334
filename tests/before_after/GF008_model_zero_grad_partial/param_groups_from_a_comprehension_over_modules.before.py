# The optimizer is built over one parameter group per module of a literal list, written as a
# comprehension of dicts (`[{"params": m.parameters(), "lr": ...} for m in [backbone, head]]`);
# the loop clears only the backbone, so the head's gradients pile up across steps.
import torch
from torch import nn


def train(loader, epochs=3):
    backbone = nn.Sequential(nn.Linear(10, 6), nn.Tanh())
    head = nn.Linear(6, 2)
    opt = torch.optim.SGD(({"params": list(m.parameters()), "lr": 0.02} for m in [backbone, head]), momentum=0.9)
    for _ in range(epochs):
        for x, y in loader:
            backbone.zero_grad()
            loss = nn.functional.cross_entropy(head(backbone(x)), y)
            loss.backward()
            opt.step()
