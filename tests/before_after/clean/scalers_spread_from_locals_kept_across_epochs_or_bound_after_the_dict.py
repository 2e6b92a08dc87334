import functools

import torch
from torch import nn


def train_step(x, y, *, model, opt, scaler=None):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    if scaler is None:
        loss.backward()
        opt.step()
    else:
        scaler.scale(loss).backward()
        scaler.step(opt)
        scaler.update()
    return loss.item()


def run(model, loader, epochs=3):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    scaler = torch.amp.GradScaler("cpu")
    for epoch in range(epochs):
        extras = {k: v for k, v in locals().items() if k in ("scaler",)}
        step = functools.partial(train_step, model=model, opt=optimizer, **extras)
        for x, y in loader:
            step(x, y)
    return model


def run_bound_after(model, loader, epochs=3):
    # the dict is built before the block binds `marker`: the first epoch hands nothing, the
    # later ones the previous epoch's value (left as written)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    for epoch in range(epochs):
        extras = {k: v for k, v in locals().items() if k in ("marker",)}
        step = functools.partial(train_step, model=model, opt=optimizer, **extras)
        for x, y in loader:
            step(x, y)
        marker = epoch
    return model
