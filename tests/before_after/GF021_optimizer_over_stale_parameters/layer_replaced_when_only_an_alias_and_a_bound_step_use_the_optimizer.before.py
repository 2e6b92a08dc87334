import torch
from torch import nn


def train(loader, epochs):
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 2))
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    opt = optimizer
    clear = opt.zero_grad
    model[2] = nn.Linear(16, 3)  # a new head after the optimizer took the old one's weights
    for _ in range(epochs):
        for xb, yb in loader:
            clear()
            nn.functional.cross_entropy(model(xb), yb).backward()
            opt.step()
