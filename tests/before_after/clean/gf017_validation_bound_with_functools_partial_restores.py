# `evaluate_now()` runs `evaluate(net, val_loader, criterion=criterion)`, bound with
# `functools.partial`; the helper switches the network back to train mode before returning.
import functools

import torch
import torch.nn as nn


def evaluate(model, loader, criterion):
    model.eval()
    with torch.no_grad():
        total = sum(criterion(model(x), y).item() for x, y in loader)
    model.train()
    return total


def fit(net, loader, val_loader, epochs):
    criterion = nn.CrossEntropyLoss()
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    evaluate_now = functools.partial(evaluate, net, val_loader, criterion=criterion)
    net.train()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            criterion(net(x), y).backward()
            optimizer.step()
        print(epoch, evaluate_now())
