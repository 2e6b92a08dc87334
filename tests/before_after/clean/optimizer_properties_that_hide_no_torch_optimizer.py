import torch
from torch import nn


class Schedule:
    """A plain holder of a rate: its `lr` attribute is what it reads."""

    def __init__(self, lr):
        self.lr = lr


class RateSetter:
    """Wraps an optimizer: setting `lr` writes every parameter group."""

    def __init__(self, optimizer):
        self.inner = optimizer

    def __setattr__(self, name, value):
        if name == "lr":
            for group in self.inner.param_groups:
                group["lr"] = value
        object.__setattr__(self, name, value)

    def zero_grad(self):
        self.inner.zero_grad()

    def step(self):
        self.inner.step()


class BaseTrainer:
    def __init__(self, model, optimizer, schedule):
        self.model = model
        self._optimizer = optimizer
        self._schedule = schedule

    @property
    def optimizer(self):
        return self._optimizer

    @property
    def schedule(self):
        return self._schedule

    def train_step(self, x, y):
        raise NotImplementedError

    def fit(self, loader, epochs=2):
        for epoch in range(epochs):
            # a plain settings object behind a property
            self.schedule.lr = 0.1 * 0.5**epoch
            # the optimizer behind the property is a subclass's wrapper (its own `__init__`)
            self.optimizer.lr = self.schedule.lr
            for x, y in loader:
                self.train_step(x, y)


class WrappingTrainer(BaseTrainer):
    def __init__(self, model, optimizer, schedule):
        super().__init__(model, RateSetter(optimizer), schedule)

    def train_step(self, x, y):
        self.optimizer.zero_grad()
        nn.functional.mse_loss(self.model(x), y).backward()
        self.optimizer.step()


net = nn.Linear(3, 1)
WrappingTrainer(net, torch.optim.SGD(net.parameters(), lr=0.1), Schedule(0.1)).fit([])
