from __future__ import annotations

import torch
from torch import nn


class RunSettings:
    def __init__(self, base_lr: float, epochs: int) -> None:
        self.lr = base_lr
        self.epochs = epochs


def fit(net: nn.Module, batches, settings: "RunSettings") -> None:
    opt = torch.optim.Adam(net.parameters(), lr=settings.lr)
    for epoch in range(settings.epochs):
        if epoch == settings.epochs // 2:
            opt.lr = settings.lr / 10
        for inputs, targets in batches:
            opt.zero_grad()
            nn.functional.mse_loss(net(inputs), targets).backward()
            opt.step()


fit(nn.Linear(4, 1), [(torch.randn(2, 4), torch.randn(2, 1))], RunSettings(1e-3, 4))
