# The only clear of the iteration sits between the task loss's backward and the penalty's:
# the step applies the penalty's gradient alone. It moves to the start of the iteration.
import torch
from torch import nn

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def train(loader):
    for x, y in loader:
        opt.zero_grad()
        out = model(x)
        nn.functional.cross_entropy(out, y).backward()
        (0.01 * model.weight.pow(2).sum()).backward()
        opt.step()
