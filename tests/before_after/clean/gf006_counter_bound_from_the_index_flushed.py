# Correct: the counter is the enumerate index plus one under another name, and the loop's
# last, partial window is flushed after the loop.
import torch


def train_epoch(model, optimizer, loader, criterion, grad_accum=4):
    for idx, (inputs, labels) in enumerate(loader):
        loss = criterion(model(inputs), labels) / grad_accum
        loss.backward()
        seen = idx + 1
        if seen % grad_accum == 0:
            optimizer.step()
            optimizer.zero_grad()
    if seen % grad_accum != 0:
        optimizer.step()
        optimizer.zero_grad()
