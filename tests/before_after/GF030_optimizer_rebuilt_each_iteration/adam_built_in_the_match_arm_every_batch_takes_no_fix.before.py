import torch
from torch import nn


def train(model, loader, epochs=2):
    for epoch in range(epochs):
        for batch in loader:
            match batch:
                case {"x": x, "y": y} | (x, y):
                    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
                    optimizer.zero_grad()
                    nn.functional.mse_loss(model(x), y).backward()
                    optimizer.step()
                case _:
                    continue
    return model
