# Skips by the loss that leave no gradient to the next step: a skip before the backward, a skip
# whose own arm clears, a clear first in the iteration, and an accumulation window's skip (the
# skipped micro-batches' gradients belong to the window on purpose).
import torch
from ignite.engine import Engine

ACCUM = 4


def train_before(model, optimizer, loader, cap):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        if loss.item() > cap:
            continue
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def train_clearing_arm(model, optimizer, loader, cap):
    for x, y in loader:
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        if loss.item() > cap:
            optimizer.zero_grad(set_to_none=True)
            continue
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)


def make_engine(net, opt, cap):
    def update(engine, batch):
        opt.zero_grad(set_to_none=True)
        x, y = batch
        loss = torch.nn.functional.mse_loss(net(x), y)
        loss.backward()
        if loss.item() > cap:
            return None
        opt.step()
        return loss.item()

    return Engine(update)


def train_windows(model, optimizer, loader):
    for i, (x, y) in enumerate(loader):
        loss = torch.nn.functional.mse_loss(model(x), y) / ACCUM
        loss.backward()
        if (i + 1) % ACCUM != 0 and i + 1 != len(loader):
            continue
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
