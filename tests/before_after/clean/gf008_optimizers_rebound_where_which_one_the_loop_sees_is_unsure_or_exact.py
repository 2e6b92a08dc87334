import torch
from torch import nn


def rebound_in_one_arm(loader, fine_tune_head):
    backbone = nn.Linear(8, 16)
    head = nn.Linear(16, 2)
    optimizer = torch.optim.SGD(backbone.parameters(), lr=0.05)
    if fine_tune_head:
        optimizer = torch.optim.SGD([*backbone.parameters(), *head.parameters()], lr=0.05)
    for x, y in loader:
        backbone.zero_grad()
        head.zero_grad()
        loss = nn.functional.cross_entropy(head(backbone(x)), y)
        loss.backward()
        optimizer.step()


def rebound_to_the_model_alone(loader):
    backbone = nn.Linear(8, 16)
    head = nn.Linear(16, 2)
    optimizer = torch.optim.SGD([*backbone.parameters(), *head.parameters()], lr=0.05)
    optimizer = torch.optim.SGD(backbone.parameters(), lr=0.05)  # the head stays frozen
    for x, y in loader:
        backbone.zero_grad()
        with torch.no_grad():
            feats = backbone(x).detach()
        loss = nn.functional.cross_entropy(head(feats), y) + backbone(x).pow(2).mean()
        loss.backward()
        optimizer.step()


def rebound_after_the_loop(loader):
    backbone = nn.Linear(8, 16)
    head = nn.Linear(16, 2)
    optimizer = torch.optim.SGD(backbone.parameters(), lr=0.05)
    for x, y in loader:
        backbone.zero_grad()
        loss = backbone(x).pow(2).mean()
        loss.backward()
        optimizer.step()
    optimizer = torch.optim.SGD([*backbone.parameters(), *head.parameters()], lr=0.01)
    return optimizer
