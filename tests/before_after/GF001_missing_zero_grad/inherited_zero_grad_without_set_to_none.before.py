"""The optimizer's class inherits zero_grad() from a base of this file that takes no argument:
the clear gradfix adds calls it bare (`set_to_none=True` would raise a TypeError).
"""

import torch


class InheritFromOther:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def step(self):
        self.optimizer.step()

    def zero_grad(self):  # takes no set_to_none
        self.optimizer.zero_grad()


class NamedOpt(InheritFromOther):
    pass


model = torch.nn.Linear(4, 2)
optimizer = NamedOpt(torch.optim.SGD(model.parameters(), lr=0.1))
for _ in range(10):
    model(torch.randn(8, 4)).pow(2).mean().backward()
    optimizer.step()
