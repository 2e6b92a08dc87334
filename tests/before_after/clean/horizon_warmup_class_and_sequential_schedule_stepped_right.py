"""A warm-up class subclassing `LambdaLR` whose horizon counts batches, stepped on every batch;
a `SequentialLR` whose parts count epochs, stepped once per epoch; a `LambdaLR` subclass whose
method reads an attribute the class does not store from a parameter (its horizon is not known)
and one whose method calls a helper: nothing to report."""
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR, LambdaLR, LinearLR, SequentialLR


def ramp(step, total):
    return min(1.0, step / total)


class WarmupLinear(LambdaLR):
    def __init__(self, optimizer, warmup_steps, t_total):
        self.warmup_steps = warmup_steps
        self.t_total = t_total
        super().__init__(optimizer, self.lr_lambda)

    def lr_lambda(self, step):
        if step < self.warmup_steps:
            return step / max(1, self.warmup_steps)
        return max(0.0, (self.t_total - step) / max(1, self.t_total - self.warmup_steps))


class Scaled(LambdaLR):
    def __init__(self, optimizer, epochs):
        self.epochs = epochs
        self.scale = 1.0 / epochs
        super().__init__(optimizer, self.lr_lambda)

    def lr_lambda(self, step):
        return 1.0 - step * self.scale


class Ramped(LambdaLR):
    def __init__(self, optimizer, epochs):
        self.epochs = epochs
        super().__init__(optimizer, self.lr_lambda)

    def lr_lambda(self, step):
        return ramp(step, self.epochs)


def train(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = WarmupLinear(opt, warmup_steps=50, t_total=epochs * len(loader))
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            sched.step()


def train_sequential(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    warmup = LinearLR(opt, start_factor=0.1, total_iters=2)
    cosine = CosineAnnealingLR(opt, T_max=epochs - 2)
    sched = SequentialLR(opt, schedulers=[warmup, cosine], milestones=[2])
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        sched.step()


def train_unknown(model, loader, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    first = Scaled(opt, epochs=epochs)
    second = Ramped(opt, epochs=epochs)
    for epoch in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
            first.step()
            second.step()
