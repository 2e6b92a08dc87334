"""A wrapper of the project with a `zero_grad` of its own whose `step` also clears the
optimizer it holds: the loop that only calls `step()` is correct."""
import torch


class SteppingClearer:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def zero_grad(self):
        self.optimizer.zero_grad()

    def step(self):
        self.optimizer.step()
        self.optimizer.zero_grad()


def train(net, batches):
    optimizer = SteppingClearer(torch.optim.Adam(net.parameters(), lr=1e-3))
    for inputs, targets in batches:
        torch.nn.functional.mse_loss(net(inputs), targets).backward()
        optimizer.step()
