import torch
from torch import nn


def reset_gradients(optimizer):
    optimizer.zero_grad(set_to_none=True)


def train(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for x, y in loader:
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        reset_gradients(optimizer)
        optimizer.step()
