# Correct: two backward calls on inline loss expressions with the gradients of the first read
# between them (their norm logged before the regulariser adds its own): the split is deliberate,
# and GF003 stays silent.
import torch
import torch.nn.functional as F
from torch import nn

net = nn.Linear(6, 3)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
norms = []


def train(loader):
    for x, y in loader:
        optimizer.zero_grad()
        out = net(x)
        F.cross_entropy(out, y).backward(retain_graph=True)
        norms.append(sum(p.grad.norm() ** 2 for p in net.parameters()).sqrt().item())
        out.pow(2).mean().mul(0.01).backward()
        optimizer.step()
