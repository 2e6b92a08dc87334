from math import cos, pi


def get_scheduler(optimizer, max_iter, warmup_iter=0):
    return PolyCosineScheduler(optimizer, max_iter, warmup_iter)


class PolyCosineScheduler(object):
    """Sets the learning rate of iteration `cur_iter`, then counts it: stepped before the
    optimizer on purpose."""

    def __init__(self, optimizer, max_iter, warmup_iter):
        self.optimizer = optimizer
        self.cur_iter = 0
        self.max_iter = max_iter
        self.warmup_iter = warmup_iter
        self.base_lr = [group["lr"] for group in optimizer.param_groups]

    def step(self):
        for group, lr in zip(self.optimizer.param_groups, self.base_lr):
            if self.cur_iter < self.warmup_iter:
                group["lr"] = lr * (self.cur_iter + 1) / self.warmup_iter
            else:
                group["lr"] = lr * (1 + cos(pi * self.cur_iter / self.max_iter)) / 2
        self.cur_iter += 1
