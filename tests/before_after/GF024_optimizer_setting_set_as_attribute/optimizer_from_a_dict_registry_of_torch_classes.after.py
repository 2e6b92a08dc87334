import torch
from torch import nn, optim

OPTIMIZERS = {"sgd": optim.SGD, "adamw": torch.optim.AdamW}


def main(cfg):
    model = nn.Linear(4, 2)
    optimizer = OPTIMIZERS[cfg["optimizer"]](model.parameters(), lr=cfg["lr"])
    for epoch in range(cfg["epochs"]):
        if epoch == 2:
            optimizer.lr = cfg["lr"] * 0.1
            for param_group in optimizer.param_groups:
                param_group["lr"] = optimizer.lr
        for x, y in cfg["loader"]:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
