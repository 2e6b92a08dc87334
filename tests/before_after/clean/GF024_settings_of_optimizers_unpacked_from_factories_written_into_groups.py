# Optimizers unpacked from a factory's tuple (cached or not), their settings written into
# `param_groups`; and a settings namespace unpacked beside a model, whose attributes are its own.
import functools
import types

import torch
import torch.nn as nn

ROUNDS = 4


@functools.lru_cache(maxsize=None)
def bundle():
    torch.manual_seed(0)
    body = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 2))
    sgd = torch.optim.SGD(body.parameters(), lr=0.02, momentum=0.0)
    return body, sgd, nn.MSELoss()


def run(pairs):
    rnd = 0
    while rnd < ROUNDS:
        body, sgd, lossf = bundle()
        for group in sgd.param_groups:
            group["momentum"] = 0.5 + 0.1 * rnd
        for inp, out in pairs:
            sgd.zero_grad()
            lossf(body(inp), out).backward()
            sgd.step()
        rnd += 1


def make_parts(width):
    net = nn.Linear(width, 1)
    return net, types.SimpleNamespace(lr=1e-3, momentum=0.9)


def train(data, epochs):
    net, hp = make_parts(8)
    sgd = torch.optim.SGD(net.parameters(), lr=hp.lr, momentum=hp.momentum)
    for epoch in range(epochs):
        hp.lr = hp.lr * 0.5
        for g in sgd.param_groups:
            g["lr"] = hp.lr
        for xb, yb in data:
            sgd.zero_grad()
            nn.functional.l1_loss(net(xb), yb).backward()
            sgd.step()
