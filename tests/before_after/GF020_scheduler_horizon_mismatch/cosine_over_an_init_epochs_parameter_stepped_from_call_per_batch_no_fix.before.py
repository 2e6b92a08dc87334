# `T_max=epochs` is the `__init__` parameter that `fit` hands its own `epochs`; `__call__` runs
# once per batch and steps the schedule through `self.advance()`: it ends in the first epoch.
import torch
import torch.nn as nn


class Runner:
    def __init__(self, net, epochs):
        self.net = net
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.cos = torch.optim.lr_scheduler.CosineAnnealingLR(self.adam, T_max=epochs)

    def __call__(self, xb, yb):
        self.adam.zero_grad()
        nn.functional.mse_loss(self.net(xb), yb).backward()
        self.adam.step()
        self.advance()

    def advance(self):
        self.cos.step()


def fit(net, loader, epochs):
    run = Runner(net, epochs)
    for ep in range(epochs):
        for xb, yb in loader:
            run(xb, yb)
