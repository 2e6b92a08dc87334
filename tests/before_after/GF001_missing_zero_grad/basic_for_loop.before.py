import torch
from torch import nn


def train(model, loader, epochs=1):
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    for x, y in loader:
        loss = criterion(model(x), y)
        loss.backward()
        optimizer.step()
    return model
