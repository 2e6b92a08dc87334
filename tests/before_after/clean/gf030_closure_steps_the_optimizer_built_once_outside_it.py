import torch
from torch import nn


def main(loader, epochs):
    model = nn.Linear(4, 2)
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(epochs):

        def step(x, y):
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            return loss.item()

        for x, y in loader:
            step(x, y)
    return model
