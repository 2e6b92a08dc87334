import torch
from torch import nn


def adapt(backbone, batches, n_classes, device="cpu"):
    model = nn.Sequential(backbone, nn.ReLU(), nn.Linear(8, n_classes))
    model.to(device)
    sgd = torch.optim.SGD(model.parameters(), lr=0.01)
    for x, y in batches:
        sgd.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        sgd.step()
    return float((model(x).argmax(1) == y).float().mean())
