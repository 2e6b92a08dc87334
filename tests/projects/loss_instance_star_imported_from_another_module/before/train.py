import torch

from losses import *


def fit(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            loss = criterion(torch.softmax(model(x), dim=1), y)
            loss.backward()
            opt.step()
