# An Adam built per task: the `while` batch loop, or the `itertools.count()` one over a fresh
# iterator, goes over the data the outer loop chooses (a task, a fold): a new run each time.
import itertools

import torch
import torch.nn.functional as F


def adapt(net, tasks):
    for t in range(len(tasks)):
        adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        shards = tasks[t]
        j = 0
        while j < len(shards):
            inputs, targets = shards[j]
            adam.zero_grad()
            F.mse_loss(net(inputs), targets).backward()
            adam.step()
            j += 1


def cross_validate(net, folds):
    for k in range(len(folds)):
        rms = torch.optim.RMSprop(net.parameters(), lr=1e-3)
        batches = iter(folds[k])
        for n in itertools.count():
            if n >= len(folds[k]):
                break
            inputs, targets = next(batches)
            rms.zero_grad()
            F.mse_loss(net(inputs), targets).backward()
            rms.step()
