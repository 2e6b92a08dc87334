from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Knobs:
    lr: float = 0.05
    cool_down_at: int = 3


def run(net: nn.Module, optimizer: torch.optim.Optimizer, knobs, rounds: int) -> None:
    for r in range(rounds):
        if r == knobs.cool_down_at:
            optimizer.lr = knobs.lr / 10
        inputs, targets = torch.randn(4, 5), torch.randn(4, 2)
        optimizer.zero_grad()
        nn.functional.mse_loss(net(inputs), targets).backward()
        optimizer.step()


net = nn.Linear(5, 2)
knobs = Knobs()
adam = torch.optim.Adam(net.parameters(), lr=knobs.lr)
run(net, adam, knobs=knobs, rounds=6)
