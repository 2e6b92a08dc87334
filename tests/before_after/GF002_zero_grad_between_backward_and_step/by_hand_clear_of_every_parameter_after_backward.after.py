# Every parameter's gradient is set to None by hand after the backward, before the step of the
# optimizer built over those parameters: the step has nothing to apply.
import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            for p in model.parameters():
                p.grad = None
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
