# The model is rebound to a deep copy after the optimizer was built over the original: the copy
# that runs has parameters of its own, which the optimizer never steps.
import copy

import torch
from torch import nn


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    model = copy.deepcopy(model)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
    return model
