import torch
from torch import nn


def run(model, loader, epochs):
    optimizer = getattr(torch.optim, "AdamW")(model.parameters(), lr=1e-3)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
