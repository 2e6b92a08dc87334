# Schedulers built through `functools.partial` in the epoch loop, on purpose: one told where to
# resume (`last_epoch=`), one whose partial the loop binds again from the epoch, and one that
# multiplies the current rate (ExponentialLR follows the same rates when rebuilt).
from functools import partial

import torch
from torch.optim import lr_scheduler


def train(net, batches, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    resume = partial(lr_scheduler.MultiStepLR, milestones=[2, 4])
    shrink = partial(lr_scheduler.ExponentialLR, gamma=0.9)
    for epoch in range(epochs):
        resumed = resume(optimizer, last_epoch=epoch - 1)
        make = partial(lr_scheduler.MultiStepLR, milestones=[epoch + 2])
        restarted = make(optimizer)
        shrinking = shrink(optimizer)
        for x, y in batches:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            optimizer.step()
        resumed.step()
        restarted.step()
        shrinking.step()
