"""`build()` is a generator: unpacking it takes what it yields (a network, then a mean squared
error, a correct loss of probabilities), not the tuple its `return` names. Silent."""
import torch
from torch import nn


def build():
    net = nn.Linear(3, 2)
    yield net
    yield nn.MSELoss()
    return net, nn.CrossEntropyLoss()


def main():
    net, crit = build()
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(2):
        opt.zero_grad()
        crit(net(torch.randn(2, 3)).softmax(1), torch.eye(2)).backward()
        opt.step()


main()
