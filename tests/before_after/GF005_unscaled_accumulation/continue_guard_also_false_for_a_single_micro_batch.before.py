# `if (i + 1) % N != 0 and N > 1: continue`: with N > 1 the guard ends every micro-batch but a
# window's last, and the loss is backpropagated whole on each.
import torch


def train(model, opt, loader, criterion, N):
    opt.zero_grad()
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y)
        loss.backward()
        if (i + 1) % N != 0 and N > 1:
            continue
        opt.step()
        opt.zero_grad()
