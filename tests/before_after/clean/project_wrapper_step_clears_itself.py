"""The project's wrapper clears the optimizer it holds right after stepping it: every
iteration starts from clean gradients, and the wrapper has no `zero_grad` to call."""
import torch
from torch import nn


class ClearingStepper:
    def __init__(self, params, lr):
        self.sgd = torch.optim.SGD(params, lr=lr)

    def step(self):
        self.sgd.step()
        self.sgd.zero_grad()


def train(net, batches, epochs):
    optimizer = ClearingStepper(net.parameters(), 0.05)
    for _ in range(epochs):
        for inputs, targets in batches:
            loss = nn.functional.l1_loss(net(inputs), targets)
            loss.backward()
            optimizer.step()
