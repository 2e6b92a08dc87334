# The loss is divided only when a count is set, and the last batch of the epoch closes the
# window too. Correct: silent.
import torch


def train(model, loader, opt, crit, grad_acc=None):
    for i, (x, y) in enumerate(loader):
        loss = crit(model(x), y)
        if grad_acc:
            loss = loss / grad_acc
        loss.backward()
        if grad_acc is None or (i + 1) % grad_acc == 0 or i + 1 == len(loader):
            opt.step()
            opt.zero_grad()
