"""A hyperparameter sweep: each configuration gets its own model and optimizer, as it should."""
import torch
from torch import nn


def finetune(width, lr, momentum, steps=5):
    model = nn.Sequential(nn.Linear(4, width), nn.ReLU(), nn.Linear(width, 1))
    optimizer = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum)
    for _ in range(steps):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(torch.randn(8, 4)), torch.randn(8, 1))
        loss.backward()
        optimizer.step()
    return loss.item()


grid = [(8, 0.1, 0.9), (16, 0.05, 0.9), (32, 0.01, 0.0)]
results = []
for row in grid:
    results.append(finetune(*row))
print(min(results))
