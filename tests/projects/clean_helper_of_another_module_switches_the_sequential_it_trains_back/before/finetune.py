import copy

import torch
from torch import nn


def adapt(backbone, batches, n_classes):
    model = nn.Sequential(backbone, nn.ReLU(), nn.Linear(8, n_classes))
    sgd = torch.optim.SGD(model.parameters(), lr=0.01)
    model.train()
    for x, y in batches:
        sgd.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        sgd.step()
    return loss_of(model, x, y)


def adapt_copy(backbone, batches, n_classes):
    model = nn.Sequential(copy.deepcopy(backbone), nn.ReLU(), nn.Linear(8, n_classes))
    sgd = torch.optim.SGD(model.parameters(), lr=0.01)
    for x, y in batches:
        sgd.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        sgd.step()
    return float((model(x).argmax(1) == y).float().mean())


def loss_of(model, x, y):
    with torch.no_grad():
        return float(nn.functional.cross_entropy(model(x), y))
