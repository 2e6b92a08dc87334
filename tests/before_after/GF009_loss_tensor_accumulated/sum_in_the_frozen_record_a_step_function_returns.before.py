import dataclasses

import torch
import torch.nn as nn


@dataclasses.dataclass(frozen=True)
class Stats:
    steps: int = 0
    running: torch.Tensor | float = 0.0


def fit_batch(stats, net, adam, inputs, targets):
    adam.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(net(inputs), targets)
    loss.backward()
    adam.step()
    return dataclasses.replace(stats, steps=stats.steps + 1, running=stats.running + loss)


net = nn.Linear(5, 2)
adam = torch.optim.Adam(net.parameters(), lr=1e-3)
stats = Stats()
source = iter([(torch.randn(4, 5), torch.randn(4, 2)) for _ in range(9)])
while (batch := next(source, None)) is not None:
    stats = fit_batch(stats, net, adam, *batch)
print(float(stats.running) / stats.steps)
