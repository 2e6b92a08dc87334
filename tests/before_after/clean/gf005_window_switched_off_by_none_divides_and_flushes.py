# Accumulation off with `grad_acc=None`: the loss is divided by `grad_acc or 1` and the last
# short window is stepped after the loop under the same None test. Correct: silent.
import torch


def train(model, loader, opt, crit, grad_acc=None):
    for i, (x, y) in enumerate(loader):
        loss = crit(model(x), y) / (grad_acc or 1)
        loss.backward()
        if grad_acc is None or (i + 1) % grad_acc == 0:
            opt.step()
            opt.zero_grad()
    if grad_acc is not None and (i + 1) % grad_acc != 0:
        opt.step()
        opt.zero_grad()
