import torch
from torch import nn


class Lookahead:
    """The project's own wrapper: its clear takes no `set_to_none`."""

    def __init__(self, inner):
        self.inner = inner

    def zero_grad(self):
        self.inner.zero_grad()

    def step(self):
        self.inner.step()


def main(batches):
    def train(net, optim):
        for x, y in batches:
            optim.zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            optim.step()

    def tune(net, optim):
        for x, y in batches:
            optim.zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            optim.step()

    net = nn.Linear(4, 1)
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    wrapped = Lookahead(torch.optim.SGD(net.parameters(), lr=0.1))
    train(net, wrapped)
    # handed a torch optimizer once and the wrapper once: which one runs is not one class
    tune(net, sgd)
    tune(net, wrapped)
