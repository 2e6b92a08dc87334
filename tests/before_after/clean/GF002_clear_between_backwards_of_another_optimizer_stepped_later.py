# The first backward is `model_a`'s, stepped by `opt_a` at the end; the clear between is
# `opt_b`'s, which owns none of `model_a`'s parameters: correct.
import torch
from torch import nn

model_a = nn.Linear(4, 2)
model_b = nn.Linear(4, 2)
opt_a = torch.optim.SGD(model_a.parameters(), lr=0.1)
opt_b = torch.optim.SGD(model_b.parameters(), lr=0.1)
for x, y in loader:
    opt_a.zero_grad()
    nn.functional.cross_entropy(model_a(x), y).backward()
    opt_b.zero_grad()
    nn.functional.cross_entropy(model_b(x), y).backward()
    opt_b.step()
    opt_a.step()
