# The window binds `denominator` from N only for its log line: the flush leaves the binding
# out with the log, and stays safe.
import torch


def train(model, optimizer, loader, criterion, N):
    windows, running = 0, 0.0
    optimizer.zero_grad()
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y) / N
        loss.backward()
        running += loss.item()
        if (i + 1) % N == 0:
            optimizer.step()
            optimizer.zero_grad()
            windows += 1
            denominator = windows * N
            print("avg loss", running / denominator)
