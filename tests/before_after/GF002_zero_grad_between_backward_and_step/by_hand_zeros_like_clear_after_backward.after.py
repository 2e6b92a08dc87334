# Every parameter's gradient is replaced by zeros by hand between the backward and the step.
import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            for p in model.parameters():
                p.grad = torch.zeros_like(p)
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
