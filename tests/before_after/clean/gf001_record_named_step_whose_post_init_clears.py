from dataclasses import dataclass

import torch
from torch import nn


@dataclass
class Step:
    inputs: torch.Tensor
    targets: torch.Tensor
    optimizer: torch.optim.Optimizer

    def __post_init__(self):
        self.optimizer.zero_grad(set_to_none=True)


def fit_step(batch, net, opt, log):
    loss = nn.functional.mse_loss(net(batch.inputs), batch.targets)
    loss.backward()
    opt.step()
    log.append(loss.item())


def train(net, loader, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    log = []
    for _ in range(epochs):
        for x, y in loader:
            fit_step(Step(x, y, opt), net, opt, log)
    return log
