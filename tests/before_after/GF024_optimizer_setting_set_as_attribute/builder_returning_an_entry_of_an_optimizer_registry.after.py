from dataclasses import dataclass, field

import torch

OPTIMIZERS = {"sgd": torch.optim.SGD, "adamw": torch.optim.AdamW}


@dataclass
class Config:
    optim: str = "sgd"
    optim_args: dict = field(default_factory=lambda: {"lr": 0.1})
    epochs: int = 3


def make_optimizer(cfg, model):
    return OPTIMIZERS[cfg.optim](model.parameters(), **cfg.optim_args)


def run(cfg, model, loader):
    optimizer = make_optimizer(cfg, model)
    for epoch in range(cfg.epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        optimizer.lr = 0.1 / (epoch + 2)
        for param_group in optimizer.param_groups:
            param_group["lr"] = optimizer.lr
