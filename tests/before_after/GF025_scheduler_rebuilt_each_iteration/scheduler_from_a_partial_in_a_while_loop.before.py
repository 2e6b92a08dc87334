# `decay = partial(StepLR, step_size=3, gamma=0.5)`: `decay(optimizer)` in the `while` loop
# builds a new StepLR on every epoch, which never reaches its third step.
import functools

import torch
from torch.optim.lr_scheduler import StepLR


def train(net, batches, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    decay = functools.partial(StepLR, step_size=3, gamma=0.5)
    epoch = 0
    while epoch < epochs:
        schedule = decay(optimizer)
        for x, y in batches:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            optimizer.step()
        schedule.step()
        epoch += 1
