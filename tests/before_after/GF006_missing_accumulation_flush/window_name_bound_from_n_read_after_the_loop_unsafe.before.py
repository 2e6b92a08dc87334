# `denominator` is read after the loop too: a flush without its binding would leave it stale,
# so the flush (which does not copy it) is unsafe.
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
    return running / denominator
