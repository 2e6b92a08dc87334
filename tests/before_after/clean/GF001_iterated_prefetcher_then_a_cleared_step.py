import torch
from torch import nn


class Prefetcher:
    """Hands out batches moved to the device; training happens in the loop."""

    def __init__(self, batches, device):
        self.batches = batches
        self.device = device
        self.pending = iter(batches)

    def __iter__(self):
        return self

    def __next__(self):
        inputs, targets = next(self.pending)
        return inputs.to(self.device), targets.to(self.device)


class Steps:
    """Its `__iter__` is a generator, so iterating it never calls its `__next__`."""

    def __init__(self, net, optimizer):
        self.net = net
        self.optimizer = optimizer

    def __iter__(self):
        yield from range(3)

    def __next__(self):
        loss = self.net(torch.ones(1, 4)).sum()
        loss.backward()
        self.optimizer.step()
        return loss.item()


def train(net, batches, epochs, device="cpu"):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
    for epoch in range(epochs):
        for inputs, targets in Prefetcher(batches, device):
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(net(inputs), targets)
            loss.backward()
            optimizer.step()
        for _ in Steps(net, optimizer):
            pass
    return net
