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
    def train(net, optim, max_steps):
        step = 0
        while step < max_steps:
            x, y = batches[step % len(batches)]
            optim.zero_grad(set_to_none=True)
            nn.functional.mse_loss(net(x), y).backward()
            optim.step()
            step += 1

    net = nn.Linear(4, 1)
    sgd = torch.optim.SGD(net.parameters(), lr=0.1)
    train(net, sgd, 20)
    train(net, optim=sgd, max_steps=5)
    return Lookahead(sgd)
