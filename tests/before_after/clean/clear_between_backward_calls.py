import torch


def train(model, loader, optimizer, criterion):
    for x, y in loader:
        optimizer.zero_grad()
        loss = criterion(model(x), y)
        # first pass only collects per-sample norms through hooks
        loss.backward(retain_graph=True)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
