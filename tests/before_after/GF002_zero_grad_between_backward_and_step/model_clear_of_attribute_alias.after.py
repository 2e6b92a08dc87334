"""A learner keeps the network as `self.net` and builds its optimizer over `net.parameters()`
in `__init__`: `self.net.zero_grad()` between the backward and the step wipes the gradients
the step is about to apply; the clear moves to the start of the iteration."""
import torch
from torch import nn


class Learner:
    def __init__(self, net, lr=1e-2):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=lr)

    def fit(self, batches, epochs):
        for _ in range(epochs):
            for inputs, labels in batches:
                self.net.zero_grad()
                loss = nn.functional.cross_entropy(self.net(inputs), labels)
                loss.backward()
                self.opt.step()
