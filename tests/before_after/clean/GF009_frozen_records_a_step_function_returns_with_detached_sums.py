import dataclasses
from typing import NamedTuple

import torch
import torch.nn as nn


@dataclasses.dataclass(frozen=True)
class Stats:
    steps: int = 0
    running: float = 0.0


class Meter(NamedTuple):
    count: int
    loss_sum: float


def fit_batch(stats, net, adam, inputs, targets):
    adam.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(net(inputs), targets)
    loss.backward()
    adam.step()
    return dataclasses.replace(stats, steps=stats.steps + 1, running=stats.running + loss.item())


def train_step(meter, net, opt, x, y):
    opt.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    opt.step()
    return meter._replace(count=meter.count + 1, loss_sum=meter.loss_sum + loss.detach())


net = nn.Linear(5, 2)
adam = torch.optim.Adam(net.parameters(), lr=1e-3)
stats = Stats()
meter = Meter(0, 0.0)
for inputs, targets in [(torch.randn(4, 5), torch.randn(4, 2)) for _ in range(9)]:
    stats = fit_batch(stats, net, adam, inputs, targets)
    meter = train_step(meter, net, adam, inputs, targets)
