# `(i > 0 or N == 1) and i % N == 0` from i = 0: the `N == 1` part holds only when nothing
# accumulates; with N > 1 the first window holds N + 1 micro-batches (reported without a fix,
# as `i > 0 and i % N == 0` is).
import torch


def train(model, opt, loader, criterion, N):
    for epoch in range(2):
        for i, (x, y) in enumerate(loader):
            (criterion(model(x), y) / N).backward()
            if (i > 0 or N == 1) and i % N == 0:
                opt.step()
                opt.zero_grad()
