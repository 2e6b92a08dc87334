"""`anneal(net, torch.optim.SGD(...), ...)`: the optimizer the annotated parameter holds is built
right in the call's argument list; its `lr` attribute never reaches the parameter groups."""
import torch
from torch import nn


def anneal(net: nn.Module, solver: torch.optim.Optimizer, rounds: int) -> None:
    r = 0
    while r < rounds:
        solver.lr = 0.1 / (1 + r)
        solver.zero_grad()
        nn.functional.mse_loss(net(torch.randn(4, 3)), torch.randn(4, 1)).backward()
        solver.step()
        r += 1


layer = nn.Linear(3, 1)
anneal(layer, torch.optim.SGD(layer.parameters(), lr=0.1, momentum=0.5), rounds=5)
