import torch
from torch import nn

OPTIMIZERS = {"sgd": torch.optim.SGD, "adam": torch.optim.Adam}


def run(loader, name="sgd"):
    model = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 3))
    optimizer = OPTIMIZERS[name](model.parameters(), lr=0.05)
    setattr(model, "2", nn.Linear(16, 3))
    for epoch in range(3):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
    return model
