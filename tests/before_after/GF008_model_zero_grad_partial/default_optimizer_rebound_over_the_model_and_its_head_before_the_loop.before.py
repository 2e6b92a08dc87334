import torch
from torch import nn


def build_optimizer(cfg, model):
    return torch.optim.AdamW(model.parameters(), lr=cfg.lr)


def train(cfg, loader):
    backbone = nn.Linear(8, 16)
    head = nn.Linear(16, 2)
    optimizer = build_optimizer(cfg, backbone)
    optimizer = torch.optim.SGD([*backbone.parameters(), *head.parameters()], lr=0.05)
    for x, y in loader:
        backbone.zero_grad()
        loss = nn.functional.cross_entropy(head(backbone(x)), y)
        loss.backward()
        optimizer.step()
