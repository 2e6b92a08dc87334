# `bundle()` is cached, so every round unpacks the same SGD; `momentum` set on it as an
# attribute never reaches `step()`, which reads its `param_groups`.
import functools

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
        sgd.momentum = 0.5 + 0.1 * rnd
        for inp, out in pairs:
            sgd.zero_grad()
            lossf(body(inp), out).backward()
            sgd.step()
        rnd += 1
