"""The optimizer comes from a builder of the file that returns torch's SGD; its rate is then
set as an attribute (`opt.lr = ...`), through `setattr(opt, "lr", ...)`, or decayed with
`opt.lr *= 0.1` after `opt.lr = base_lr`: `step()` reads none of them, only the groups."""
import torch
from torch import nn


def build_optimizer(model, lr):
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)


def train(model, loader, epochs):
    opt = build_optimizer(model, 0.1)
    for epoch in range(epochs):
        opt.lr = 0.1 * 0.1 ** (epoch // 30)
        for param_group in opt.param_groups:
            param_group["lr"] = opt.lr
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


def finetune(model, loader, epochs):
    optimizer = build_optimizer(model, 0.01)
    for epoch in range(epochs):
        setattr(optimizer, "lr", 0.01 / (1 + epoch))
        for param_group in optimizer.param_groups:
            param_group["lr"] = optimizer.lr
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


def decay(model, loader, epochs, base_lr):
    optimizer = build_optimizer(model, base_lr)
    optimizer.lr = base_lr
    for param_group in optimizer.param_groups:
        param_group["lr"] = optimizer.lr
    for epoch in range(epochs):
        if epoch in (10, 20):
            optimizer.lr *= 0.1
            for param_group in optimizer.param_groups:
                param_group["lr"] = optimizer.lr
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
