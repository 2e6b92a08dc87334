# The window clears after its step and a log line: no second clear is added after the step,
# only the per-micro-batch clear goes.
import torch


def train(model, optimizer, loader, criterion, N):
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = criterion(model(x), y) / N
        loss.backward()
        if i % N == N - 1:
            optimizer.step()
            print("stepped at", i)
            optimizer.zero_grad()
