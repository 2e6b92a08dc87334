# The window binds `denominator` from N only for its log line: the flush leaves the binding
# out with the log, and stays safe.
import torch


def train(model, optimizer, loader, criterion, N):
    windows, running = 0, 0.0
    optimizer.zero_grad()
    i = -1  # the flush after the loop reads it, also when the loop runs no batch
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

    # the last micro-batches did not fill a whole window: step on them too
    if (i + 1) % N != 0:
        optimizer.step()
        optimizer.zero_grad()
        windows += 1
