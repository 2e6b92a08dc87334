"""Two functions bind `optimizer`: the first to a class of this file whose zero_grad() takes no
argument, the second to torch's SGD. Each clear is judged by its own function's binding: the
first stays as it is (`set_to_none=True` would raise a TypeError), the second is fixed.
"""

import torch


class NoArgOptimizer:
    def __init__(self, params):
        self.inner = torch.optim.SGD(params, lr=0.1)

    def step(self):
        self.inner.step()

    def zero_grad(self):  # takes no set_to_none
        self.inner.zero_grad()


def train_custom(model, batches):
    optimizer = NoArgOptimizer(model.parameters())
    for x in batches:
        optimizer.zero_grad()
        model(x).sum().backward()
        optimizer.step()


def train_plain(model, batches):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for x in batches:
        optimizer.zero_grad(set_to_none=True)
        model(x).sum().backward()
        optimizer.step()
