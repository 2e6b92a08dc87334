# The epoch function is handed its schedulers as lists built by a helper of another module (the
# project's own warm-up classes, which set the coming update's rate from a count: stepped first
# on purpose). A list handed in may hold such schedules: its steps are not judged, written as a
# list comprehension or as a `for` statement.
import torch
from torch import nn


def train_one_epoch(model, optimizers, lr_schedulers, wd_schedulers, batches):
    for x, y in batches:
        [s.step() for s in lr_schedulers]
        for wds in wd_schedulers:
            wds.step()
        loss = nn.functional.mse_loss(model(x), y)
        for opt in optimizers:
            opt.zero_grad()
        loss.backward()
        for opt in optimizers:
            opt.step()
