import torch
import torch.nn as nn


class WithRate:
    """A proxy whose own `lr` property writes every group's rate."""

    def __init__(self, inner):
        self.inner = inner

    def __getattr__(self, name):
        return getattr(self.inner, name)

    @property
    def lr(self):
        return self.inner.param_groups[0]["lr"]

    @lr.setter
    def lr(self, value):
        for group in self.inner.param_groups:
            group["lr"] = value


class Counting:
    def __init__(self, inner):
        self.inner = inner
        self.looked_up = 0

    def __getattr__(self, name):
        self.looked_up += 1
        return getattr(self.inner, name)


model = nn.Linear(3, 1)
first = WithRate(torch.optim.SGD(model.parameters(), lr=0.1))
second = Counting(torch.optim.SGD(model.parameters(), lr=0.1))
for epoch in range(3):
    first.lr = 0.1 * 0.5**epoch
    for group in second.param_groups:
        group["lr"] = 0.1 * 0.5**epoch
    for x, y in [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(2)]:
        first.zero_grad(set_to_none=True)
        second.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(x), y).backward()
        first.step()
        second.step()
