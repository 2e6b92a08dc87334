import torch
from torch import nn


class Settings:
    optim = "Adam"
    lr = 1e-3
    steps = 10


def run(settings):
    net = nn.Linear(3, 1)
    optimizer = getattr(torch.optim, settings.optim)(net.parameters(), lr=settings.lr)
    step = 0
    while step < settings.steps:
        optimizer.zero_grad()
        nn.functional.mse_loss(net(torch.randn(4, 3)), torch.randn(4, 1)).backward()
        optimizer.step()
        step += 1
        if step == settings.steps // 2:
            optimizer.lr = settings.lr / 10
            for param_group in optimizer.param_groups:
                param_group["lr"] = optimizer.lr


run(Settings())
