import torch
from torch import nn


def train(model, loader, epochs=2):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    apply_update = optimizer.step
    for _ in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            cost = nn.functional.mse_loss(model(x), y)
            cost.backward()
            apply_update()
