"""Correct: the module constant passed as `retain_graph` is bound to `False`, and the
function's parameter of the same name shadows it in the other loop: nothing is retained that
gradfix can prove needless."""
import torch
import torch.nn.functional as F
from torch import nn

RETAIN = False
net = nn.Linear(8, 3)
sgd = torch.optim.SGD(net.parameters(), lr=0.1)
for inputs, targets in [(torch.randn(4, 8), torch.randint(0, 3, (4,)))]:
    sgd.zero_grad()
    F.cross_entropy(net(inputs), targets).backward(retain_graph=RETAIN)
    sgd.step()


def train(RETAIN, loader):
    for inputs, targets in loader:
        sgd.zero_grad()
        F.cross_entropy(net(inputs), targets).backward(retain_graph=RETAIN)
        sgd.step()
