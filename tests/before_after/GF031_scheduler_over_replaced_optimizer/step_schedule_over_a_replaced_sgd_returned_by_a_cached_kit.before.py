# `parts()` builds the StepLR over the SGD, then replaces the SGD with an Adam and returns the
# Adam with the schedule: `sched.step()` in `run` decays the rate of the SGD nobody steps.
import functools

import torch
import torch.nn as nn

ROUNDS = 3


@functools.lru_cache(maxsize=None)
def parts():
    net = nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 1))
    optim = torch.optim.SGD(net.parameters(), lr=0.05)
    decay = torch.optim.lr_scheduler.StepLR(optim, step_size=1, gamma=0.5)
    optim = torch.optim.Adam(net.parameters(), lr=2e-3)
    return net, optim, decay


def run(pairs):
    rnd = 0
    while rnd < ROUNDS:
        net, optim, decay = parts()
        for inp, out in pairs:
            optim.zero_grad()
            nn.functional.mse_loss(net(inp), out).backward()
            optim.step()
        decay.step()
        rnd += 1
