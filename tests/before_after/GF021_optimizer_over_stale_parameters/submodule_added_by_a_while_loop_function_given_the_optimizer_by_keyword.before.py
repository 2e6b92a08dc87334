import torch
from torch import nn


def fit(loader, model, optimizer, max_steps=100):
    model.add_module("out", nn.Linear(3, 1))
    steps = 0
    while steps < max_steps:
        for x, y in loader:
            optimizer.zero_grad()
            loss = nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
            steps += 1


backbone = nn.Sequential(nn.Linear(6, 3), nn.Tanh())
sgd = torch.optim.SGD(backbone.parameters(), lr=0.01, momentum=0.9)
batches = [(torch.randn(4, 6), torch.randn(4, 1))]
fit(batches, optimizer=sgd, model=backbone, max_steps=3)
