import torch
from torch import nn


def main(cfg):
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    opt = getattr(torch.optim, cfg["optim"])(model.parameters(), **cfg["optim_args"])
    model[2] = nn.Linear(16, 5)
    for x, y in cfg["loader"]:
        opt.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()
