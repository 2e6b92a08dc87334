"""The optimizer built in the call's argument list is a class of the module that defines its
own `lr` attribute: setting it may be how that optimizer takes its rate (no GF024)."""
import torch
from torch import nn


class PlainSGD(torch.optim.Optimizer):
    def __init__(self, params, lr):
        super().__init__(params, {"lr": lr})
        self.lr = lr

    @torch.no_grad()
    def step(self, closure=None):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is not None:
                    p.add_(p.grad, alpha=-self.lr)


def train(net: nn.Module, optimizer: torch.optim.Optimizer) -> None:
    for k in range(4):
        optimizer.lr = 0.05 if k else 0.01
        optimizer.zero_grad()
        net(torch.randn(2, 3)).sum().backward()
        optimizer.step()


model = nn.Linear(3, 1)
train(model, PlainSGD(model.parameters(), lr=0.01))
