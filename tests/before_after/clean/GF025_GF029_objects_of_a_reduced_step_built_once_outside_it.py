import functools
import operator

import torch
import torch.nn.functional as F


def scaler_and_scheduler_built_before_the_fold(net, batches, n_epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    scaler = torch.amp.GradScaler("cuda")
    schedule = torch.optim.lr_scheduler.ExponentialLR(optimizer, gamma=0.99)

    def fold(count, pair):
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(net(pair[0]), pair[1])
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()
        schedule.step()
        return count + 1

    for _ in range(n_epochs):
        functools.reduce(fold, batches, 0)


def scaler_of_a_reduce_that_trains_nothing(values):
    scaler = torch.amp.GradScaler("cuda")
    return functools.reduce(operator.add, values, scaler.get_scale())
