import contextlib

import torch
from torch.optim.lr_scheduler import StepLR


def train_step(model, x, y):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    optimizer.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def adapt(net, x, y, inner_steps=5):
    # a new optimizer and schedule per task, stepped many times by its own loop: the point
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    scheduler = StepLR(optimizer, step_size=2)
    for _ in range(inner_steps):
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(net(x), y)
        loss.backward()
        optimizer.step()
        scheduler.step()
    return loss.item()


def only_once_the_warmup_is_over(model, batches, warmup, limit=1e-3):
    for epoch, (x, y) in enumerate(batches):
        if epoch >= warmup and train_step(model, x, y) < limit:
            break


def only_in_an_elif(model, batches, warmup, limit=1e-3):
    for epoch, (x, y) in enumerate(batches):
        if epoch < warmup:
            continue
        elif train_step(model, x, y) < limit:
            break


def one_step_in_a_with_block(model, batches):
    for x, y in batches:
        with contextlib.suppress(RuntimeError):
            return train_step(model, x, y)


def adapt_until_close(net, tasks, tol=0.05):
    for x, y in tasks:
        while adapt(net, x, y) > tol:
            pass
