import torch
from torch import nn


def scheduled_after_the_new_optimizer(net, batches, epochs=3):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)

    def train_step(xb, yb):
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(xb), yb).backward()
        optimizer.step()

    for _ in range(epochs):
        for xb, yb in batches:
            train_step(xb, yb)
        schedule.step()


def local_step_builds_its_own_optimizer(net, batches, epochs=3):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)

    def probe_step(xb, yb):
        optimizer = torch.optim.SGD(net.parameters(), lr=0.0)
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(xb), yb).backward()
        optimizer.step()

    for _ in range(epochs):
        for xb, yb in batches:
            optimizer.zero_grad(set_to_none=True)
            nn.functional.mse_loss(net(xb), yb).backward()
            optimizer.step()
            probe_step(xb, yb)
        schedule.step()


def optimizer_replaced_after_the_scheduled_run(net, batches, epochs=3):
    """The local step runs only before the swap; the new optimizer is handed back unstepped."""
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.5)

    def train_step(xb, yb):
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(xb), yb).backward()
        optimizer.step()

    for _ in range(epochs):
        for xb, yb in batches:
            train_step(xb, yb)
        schedule.step()
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-3)
    return optimizer
