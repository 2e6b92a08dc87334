import torch
from torch import nn


def train_step(model, x, y):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def fit(model, batches, limit=1e-3):
    for x, y in batches:
        if train_step(model, x, y) < limit:  # a new Adam on every batch
            break
    return model
