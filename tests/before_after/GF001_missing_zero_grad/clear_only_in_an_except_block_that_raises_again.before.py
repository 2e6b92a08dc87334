import torch
from torch import nn


def train(model, loader, epochs=2):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            try:
                loss = nn.functional.mse_loss(model(x), y)
                loss.backward()
                opt.step()
            except FloatingPointError:
                opt.zero_grad()
                raise
    return model
