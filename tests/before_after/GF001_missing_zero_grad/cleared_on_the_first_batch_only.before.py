import torch
from torch import nn


def train(net: nn.Module, opt: torch.optim.Optimizer, loader) -> None:
    for i, (inputs, targets) in enumerate(loader):
        if i == 0:
            opt.zero_grad()  # start from clean gradients
        loss = nn.functional.mse_loss(net(inputs), targets)
        loss.backward()
        opt.step()
