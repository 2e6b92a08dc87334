# Correct: each micro-batch's loss is multiplied by its entry of `window_scales`, a list the
# caller fills with the window's 1/N: a product by a factor named as a scale may divide.
import torch


def train(model, opt, loader, criterion, window_scales, n_acc):
    for i, (x, y) in enumerate(loader):
        loss = criterion(model(x), y) * window_scales[i]
        loss.backward()
        if (i + 1) % n_acc == 0:
            opt.step()
            opt.zero_grad()
    if (i + 1) % n_acc != 0:
        opt.step()
        opt.zero_grad()
