# `(i + 1) % N == 0 or not N > 1`: the second part holds only when every micro-batch is a
# window; with N > 1 the micro-batches after the last multiple of N never step.
import torch


def train(model, opt, loader, criterion, N):
    for epoch in range(2):
        i = -1  # the flush after the loop reads it, also when the loop runs no batch
        for i, (x, y) in enumerate(loader):
            (criterion(model(x), y) / N).backward()
            if (i + 1) % N == 0 or not N > 1:
                opt.step()
                opt.zero_grad()

        # the last micro-batches did not fill a whole window: step on them too
        if (i + 1) % N != 0:
            opt.step()
            opt.zero_grad()
