# Buggy: an ensemble trained member by member inside the batch loop; the loop's names say
# nothing (`m, o`), but `o` is drawn from a list of optimizers, and nothing clears, so each
# member's optimizer steps the gradients of every batch so far.
import torch
import torch.nn as nn
import torch.nn.functional as F

members = [nn.Linear(4, 2) for _ in range(3)]
opts = [torch.optim.SGD(m.parameters(), lr=0.1) for m in members]


def fit(loader, epochs):
    for epoch in range(epochs):
        for x, y in loader:
            for m, o in zip(members, opts):
                o.zero_grad(set_to_none=True)
                F.cross_entropy(m(x), y).backward()
                o.step()
