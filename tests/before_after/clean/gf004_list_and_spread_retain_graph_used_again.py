# Correct: the graph kept by `torch.autograd.backward([loss], retain_graph=True)` and by
# `loss.backward(**{"retain_graph": True})` is walked again (a second backward through the
# same outputs, a gradient penalty by `torch.autograd.grad`): the flag is needed, and GF004
# stays silent.
import torch
import torch.nn.functional as F
from torch import nn

net = nn.Linear(6, 3)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)


def fit(loader):
    for x, y in loader:
        optimizer.zero_grad()
        out = net(x)
        loss = F.cross_entropy(out, y)
        torch.autograd.backward([loss], retain_graph=True)
        (0.1 * out.pow(2).mean() + loss).backward()
        optimizer.step()


def fit_penalised(loader):
    for x, y in loader:
        optimizer.zero_grad()
        loss = F.cross_entropy(net(x), y)
        loss.backward(**{"retain_graph": True})
        (weight_grad,) = torch.autograd.grad(loss, net.weight)
        print(weight_grad.norm().item())
        optimizer.step()
