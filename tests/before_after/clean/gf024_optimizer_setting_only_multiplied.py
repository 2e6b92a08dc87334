"""`optimizer.lr *= 0.1` on torch's optimizer with no `optimizer.lr` set anywhere: it raises an
AttributeError on its first run (loud, not a silent bug). `setattr` of a name held in a
variable, and of an attribute read back with `getattr`, are not judged; nor is the rate of an
optimizer class of the project's own that a builder returns (its `step` reads the attribute).
Nothing to report."""
import torch
from torch import nn


class Scheduled(torch.optim.SGD):
    def step(self, closure=None):
        self.apply_rate(self.lr)
        return super().step(closure)

    def apply_rate(self, lr):
        self.defaults["lr"] = lr


def build_optimizer(model, lr):
    return torch.optim.SGD(model.parameters(), lr=lr, momentum=0.9)


def build_scheduled_optimizer(model, lr):
    return Scheduled(model.parameters(), lr=lr)


def decay(model, loader, epochs):
    optimizer = build_optimizer(model, 0.1)
    for epoch in range(epochs):
        if epoch in (10, 20):
            optimizer.lr *= 0.1
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


def tune(model, loader, setting, value):
    optimizer = build_optimizer(model, 0.1)
    setattr(optimizer, setting, value)
    setattr(optimizer, "momentum", 0.5)
    print(getattr(optimizer, "momentum"))
    for x, y in loader:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def finetune(model, loader, epochs):
    optimizer = build_scheduled_optimizer(model, 0.01)
    for epoch in range(epochs):
        optimizer.lr = 0.01 / (1 + epoch)
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
