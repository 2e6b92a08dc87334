"""The clear is in a helper of another module of the project (`start_batch` clears the
model's gradients): the iteration clears, gradfix reads the helper and says nothing."""

import torch

from loop_utils_for_clean_fixtures import start_batch


def train(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    for epoch in range(epochs):
        for x, y in loader:
            x, y = start_batch(model, x, y)
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
