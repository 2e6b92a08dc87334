import torch
from torch import nn


def train(model, loader, n_classes):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    head = model.head
    model.head = nn.Identity()
    features = [model(x) for x, _ in loader]
    # not the head set aside: a new one, whose parameters the optimizer never saw
    head = nn.Linear(head.in_features, n_classes)
    model.head = head
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
    return features
