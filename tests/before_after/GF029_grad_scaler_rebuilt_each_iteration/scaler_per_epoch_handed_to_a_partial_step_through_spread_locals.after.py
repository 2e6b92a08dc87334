import functools

import torch
from torch import nn


def train_step(x, y, *, model, opt, scheduler=None, scaler=None):
    opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
    return loss.item()


def run(model, loader, epochs=3):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    scaler = torch.amp.GradScaler("cpu", init_scale=4096.0)
    for epoch in range(epochs):
        extras = {k: v for k, v in locals().items() if k in ("scheduler", "scaler")}
        step = functools.partial(train_step, model=model, opt=optimizer, **extras)
        for x, y in loader:
            step(x, y)
    return model
