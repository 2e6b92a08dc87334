import contextlib

import torch


@contextlib.contextmanager
def stepping(opt, sched):
    opt.zero_grad(set_to_none=True)
    try:
        yield
    finally:
        opt.step()
        sched.step()


def fit(net, opt, sched, stream):
    for x, y in stream:
        with stepping(opt, sched):
            loss = torch.nn.functional.mse_loss(net(x), y)
            loss.backward()


@contextlib.contextmanager
def window(optimizer, seen, every):
    try:
        yield
    finally:
        if seen % every == 0:
            optimizer.step()
            optimizer.zero_grad()


def train(model, optimizer, batches, every):
    seen = 0
    for inputs, targets in batches:
        seen += 1
        with window(optimizer, seen, every):
            loss = torch.nn.functional.cross_entropy(model(inputs), targets) / every
            loss.backward()
    if seen % every:
        optimizer.step()
        optimizer.zero_grad()
