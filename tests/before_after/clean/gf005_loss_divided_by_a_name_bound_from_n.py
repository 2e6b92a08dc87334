# Correct: `denom = N` reaches the loss (`loss = loss / denom`), and the tail is flushed.
import torch


def train(model, opt, loader, criterion, N):
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        denom = N
        loss = loss / denom
        loss.backward()
        if (i + 1) % N == 0:
            opt.step()
            opt.zero_grad()
    if (i + 1) % N != 0:
        opt.step()
        opt.zero_grad()
