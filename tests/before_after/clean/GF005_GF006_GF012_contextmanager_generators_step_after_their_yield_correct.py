# `@contextmanager` generators that step the optimizer and then the scheduler after their
# `yield` (when the `with` block ends), after the block's backward: a plain per-batch step, and
# an accumulation whose loss is divided by the window and whose tail is flushed after the loop.
import contextlib

import torch
import torch.nn.functional as F


@contextlib.contextmanager
def stepped(optimizer, schedule):
    optimizer.zero_grad(set_to_none=True)
    yield
    optimizer.step()
    schedule.step()


@contextlib.contextmanager
def window(optimizer, i, size):
    yield
    if (i + 1) % size == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def plain(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=30)
    epoch = 0
    while epoch < 3:
        for x, y in loader:
            with stepped(optimizer, schedule):
                F.cross_entropy(model(x), y).backward()
        epoch += 1


def accumulated(model, optimizer, loader, size=4):
    i = -1
    for i, (x, y) in enumerate(loader):
        with window(optimizer, i, size):
            (F.cross_entropy(model(x), y) / size).backward()
    if (i + 1) % size != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
