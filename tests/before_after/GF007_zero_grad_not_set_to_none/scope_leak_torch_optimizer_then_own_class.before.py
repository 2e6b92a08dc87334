"""Two functions bind `optimizer`: the first to torch's SGD, the second to a class of this file
whose zero_grad() takes no argument. The last binding of the file does not decide for the
first function: its clear is fixed, the second's stays as it is.
"""

import torch


class NoArgOptimizer:
    def __init__(self, params):
        self.inner = torch.optim.SGD(params, lr=0.1)

    def step(self):
        self.inner.step()

    def zero_grad(self):  # takes no set_to_none
        self.inner.zero_grad()


def train_plain(model, batches):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in batches:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()


def train_custom(model, batches):
    optimizer = NoArgOptimizer(model.parameters())
    for x in batches:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()
