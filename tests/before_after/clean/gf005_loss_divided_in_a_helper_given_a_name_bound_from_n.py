# Correct: the name bound from N is handed to the helper that divides the loss by it.
import torch


def micro_loss(model, x, y, criterion, count):
    return criterion(model(x), y) / count


def train(model, opt, loader, criterion, accum_steps):
    for i, (x, y) in enumerate(loader):
        count = accum_steps
        loss = micro_loss(model, x, y, criterion, count)
        loss.backward()
        if (i + 1) % accum_steps == 0:
            opt.step()
            opt.zero_grad()
    if (i + 1) % accum_steps != 0:
        opt.step()
        opt.zero_grad()
