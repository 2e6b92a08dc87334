"""Class-based context managers around the step, all correct: the clear in `__enter__` and the
step in `__exit__`; the step then the clear in `__exit__` (with one clear before the loop); a
manager whose attribute gradfix cannot map (`self.opt = opt or None`), and one whose `__exit__` swallows exceptions, are not read at all."""

import torch


class Stepping(object):
    def __init__(self, opt):
        self.opt = opt

    def __enter__(self):
        self.opt.zero_grad(set_to_none=True)
        return self

    def __exit__(self, *exc):
        self.opt.step()
        return False


class Cleared:
    def __init__(self, optimizer):
        self.optimizer = optimizer

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        self.optimizer.step()
        self.optimizer.zero_grad()


class Unmapped:
    def __init__(self, opt):
        self.opt = opt or None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.opt.step()


class Swallowing:
    def __init__(self, opt):
        self.opt = opt

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.opt.zero_grad()
        self.opt.step()
        return True


def fit(net, opt, batches, epochs):
    for _ in range(epochs):
        for xb, yb in batches:
            with Stepping(opt):
                torch.nn.functional.mse_loss(net(xb), yb).backward()


def fit_while(net, optimizer, batches):
    optimizer.zero_grad()
    i = 0
    while i < len(batches):
        xb, yb = batches[i]
        with Cleared(optimizer):
            torch.nn.functional.mse_loss(net(xb), yb).backward()
        i += 1


def fit_unmapped(net, opt, batches):
    for xb, yb in batches:
        with Unmapped(opt):
            torch.nn.functional.mse_loss(net(xb), yb).backward()


def fit_swallowing(net, opt, batches):
    for xb, yb in batches:
        with Swallowing(opt):
            torch.nn.functional.mse_loss(net(xb), yb).backward()
