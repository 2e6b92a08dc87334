"""One call passes torch's Adam built in its argument list, another an optimizer made by an
imported factory gradfix cannot read: the parameter may hold an optimizer with its own `lr`
attribute, so the assignment is not judged."""
import torch
from torch import nn

from optim_zoo import make_optimizer


def tune(net, optimizer):
    for k in range(3):
        optimizer.lr = 1e-3 * (k + 1)
        optimizer.zero_grad()
        net(torch.randn(2, 4)).pow(2).mean().backward()
        optimizer.step()


model = nn.Linear(4, 1)
tune(model, torch.optim.Adam(model.parameters(), lr=1e-3))
tune(model, make_optimizer(model))
