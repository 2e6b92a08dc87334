import copy

import torch
from torch import nn


class Session:
    """`self(batch)` forwards to a static step handed the optimizer built once; another class
    adapts a fresh copy of the model per task, its optimizer built per call on purpose and
    stepped in a loop of its own."""

    def __init__(self, body, lr=1e-3):
        self.body = body
        self.rms = torch.optim.RMSprop(body.parameters(), lr=lr)

    @staticmethod
    def apply(body, rms, batch):
        rms.zero_grad()
        inputs, goals = batch
        nn.functional.smooth_l1_loss(body(inputs), goals).backward()
        rms.step()

    def __call__(self, batch):
        return Session.apply(self.body, self.rms, batch)

    def epochs(self, batches, count):
        for _ in range(count):
            for batch in batches:
                self(batch)


class Adapter:
    def __init__(self, base):
        self.base = base

    @staticmethod
    def adapt(learner, support, steps):
        inner = torch.optim.SGD(learner.parameters(), lr=0.1)
        for _ in range(steps):
            inner.zero_grad()
            x, y = support
            nn.functional.mse_loss(learner(x), y).backward()
            inner.step()
        return learner

    def __call__(self, support):
        return Adapter.adapt(copy.deepcopy(self.base), support, 3)

    def tasks(self, supports):
        return [self(support) for support in supports]

    def meta(self, supports):
        for support in supports:
            self(support)


class OneShot:
    """One step per call over a fresh copy of the model: a new optimizer for a new model."""

    def __init__(self, base):
        self.base = base

    @staticmethod
    def adapt(learner, support):
        inner = torch.optim.SGD(learner.parameters(), lr=0.1)
        inner.zero_grad()
        x, y = support
        nn.functional.mse_loss(learner(x), y).backward()
        inner.step()
        return learner

    def __call__(self, support):
        return OneShot.adapt(copy.deepcopy(self.base), support)

    def meta(self, supports):
        for support in supports:
            self(support)
