"""An optimizer from a builder of the file: the rate set with `setattr` is written into the
groups too (the attribute kept beside them). Nothing to report."""
import torch
from torch import nn


def build_optimizer(model, lr):
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)


def train(model, loader, epochs):
    opt = build_optimizer(model, 0.1)
    for epoch in range(epochs):
        setattr(opt, "lr", 0.1 * 0.1 ** (epoch // 30))
        for group in opt.param_groups:
            group["lr"] = opt.lr
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()

