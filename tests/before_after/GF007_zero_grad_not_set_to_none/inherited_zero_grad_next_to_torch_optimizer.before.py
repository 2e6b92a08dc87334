"""`NamedOpt` defines nothing itself: its zero_grad() is the one of its base `InheritFromOther`,
which takes no argument. Its clear stays as it is; the torch optimizer of the probe head below,
a module-level loop, gets `set_to_none=True`.
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
    optimizer.zero_grad()
    model(torch.randn(8, 4)).pow(2).mean().backward()
    optimizer.step()

head = torch.nn.Linear(2, 1)
head_optimizer = torch.optim.SGD(head.parameters(), lr=0.1)
for _ in range(10):
    head_optimizer.zero_grad()
    head(model(torch.randn(8, 4)).detach()).pow(2).mean().backward()
    head_optimizer.step()
