import torch
from torch import nn


def train(model, loader, epochs=2):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for batch in loader:
            match batch:
                case {"reset": True}:
                    # a new optimizer only when the stream asks for one
                    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
                case (x, y):
                    optimizer.zero_grad()
                    nn.functional.mse_loss(model(x), y).backward()
                    optimizer.step()
                case _:
                    continue
    return model
