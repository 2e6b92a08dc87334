# Each backward is stepped before the next clear; and a first backward under a branch of its
# own is left to the author.
import torch
from torch import nn

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for i, (x, y) in enumerate(loader):
    opt.zero_grad()
    nn.functional.cross_entropy(model(x), y).backward()
    opt.step()
    opt.zero_grad()
    model(x).pow(2).mean().backward()
    opt.step()
    if i % 2:
        nn.functional.cross_entropy(model(x), y).backward()
    opt.zero_grad()
    model(x).abs().mean().backward()
    opt.step()
