import torch
from torch import nn

from experiment import BaseConfig  # what its objects hold, nothing here says


class Config(BaseConfig):
    pass


def train(cfg):
    net = nn.Linear(3, 1)
    optimizer = torch.optim.SGD(net.parameters(), lr=cfg.lr)
    for epoch in range(4):
        if epoch == 2:
            optimizer.lr = cfg.lr * 0.1  # `cfg` may be an object that reads `optimizer.lr` back
        for _ in range(3):
            optimizer.zero_grad()
            nn.functional.mse_loss(net(torch.randn(4, 3)), torch.randn(4, 1)).backward()
            optimizer.step()


train(Config())
