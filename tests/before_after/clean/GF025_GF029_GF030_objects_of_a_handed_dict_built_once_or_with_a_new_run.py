import types

import torch
from torch import nn


def setup(state):
    state["optimizer"] = torch.optim.SGD(state["net"].parameters(), lr=0.1, momentum=0.9)
    state["schedule"] = torch.optim.lr_scheduler.LambdaLR(state["optimizer"], lambda n: 0.95 ** n)


def one_batch(state, inputs, targets):
    state["optimizer"].zero_grad()
    loss = nn.functional.mse_loss(state["net"](inputs), targets)
    loss.backward()
    state["optimizer"].step()
    state["schedule"].step()
    return loss.item()


def main(loader):
    state = {"net": nn.Linear(8, 1)}
    setup(state)
    for epoch in range(3):
        for inputs, targets in loader:
            one_batch(state, inputs, targets)
    return state["net"]


def new_run(env, epoch):
    env["opt"] = torch.optim.SGD(env["model"].parameters(), lr=0.01)
    env["scaler"] = torch.amp.GradScaler("cuda")


def lazy_scaler(env, epoch):
    if "scaler" not in env:
        env["scaler"] = torch.amp.GradScaler("cuda")


def amp_step(env, x, y):
    env["opt"].zero_grad()
    with torch.autocast("cuda"):
        loss = nn.functional.cross_entropy(env["model"](x), y)
    env["scaler"].scale(loss).backward()
    env["scaler"].step(env["opt"])
    env["scaler"].update()


def restarts(loader):
    env = {"model": nn.Linear(16, 4).cuda()}
    for epoch in range(10):
        new_run(env, epoch)
        for x, y in loader:
            amp_step(env, x.cuda(), y.cuda())


def lazily(loader):
    env = {"model": nn.Linear(16, 4).cuda()}
    env["opt"] = torch.optim.SGD(env["model"].parameters(), lr=0.01)
    for epoch in range(10):
        lazy_scaler(env, epoch)
        for x, y in loader:
            amp_step(env, x.cuda(), y.cuda())


def fresh_model_step(env, x, y):
    env["model"] = nn.Linear(16, 1)
    env["opt"] = torch.optim.SGD(env["model"].parameters(), lr=0.1)
    env["opt"].zero_grad()
    nn.functional.mse_loss(env["model"](x), y).backward()
    env["opt"].step()
    return env["model"]


def probes(loader):
    env = {}
    return [fresh_model_step(env, x, y) for x, y in loader]


def update(ctx, batch):
    ctx.opt.zero_grad()
    loss = ctx.model(batch).pow(2).mean()
    loss.backward()
    ctx.opt.step()
    ctx.sched = torch.optim.lr_scheduler.StepLR(ctx.opt, step_size=100, gamma=0.5)
    ctx.sched.step()


def trials(stream, steps):
    for trial in range(steps):
        ctx = types.SimpleNamespace(model=nn.Linear(4, 4))
        ctx.opt = torch.optim.AdamW(ctx.model.parameters(), lr=1e-3)
        update(ctx, next(stream))
