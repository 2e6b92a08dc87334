import types

import torch
from torch import nn


def prepare(ctx):
    ctx.opt = torch.optim.AdamW(ctx.model.parameters(), lr=1e-3)


def update(ctx, batch):
    ctx.opt.zero_grad()
    loss = ctx.model(batch).pow(2).mean()
    loss.backward()
    ctx.opt.step()
    ctx.sched = torch.optim.lr_scheduler.StepLR(ctx.opt, step_size=100, gamma=0.5)
    ctx.sched.step()


def run(stream, steps):
    ctx = types.SimpleNamespace(model=nn.Linear(4, 4))
    prepare(ctx)
    done = 0
    while done < steps:
        update(ctx, next(stream))
        done += 1
