# Correct: `or N == 1` only makes every micro-batch a window when there is one per window;
# the loop clears after each step, divides the loss and flushes the tail.
import torch


def train(model, opt, loader, criterion, N):
    for epoch in range(2):
        for i, (x, y) in enumerate(loader):
            (criterion(model(x), y) / N).backward()
            if (i + 1) % N == 0 or N == 1:
                opt.step()
                opt.zero_grad()
        if (i + 1) % N != 0:
            opt.step()
            opt.zero_grad()
