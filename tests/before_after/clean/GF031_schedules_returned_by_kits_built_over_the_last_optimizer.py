# Factories returning an optimizer with its scheduler in a tuple (cached or not), the
# scheduler built over the optimizer that is returned (after the first one was replaced).
import functools

import torch
import torch.nn as nn

ROUNDS = 3


@functools.lru_cache(maxsize=None)
def parts():
    net = nn.Sequential(nn.Linear(5, 7), nn.Tanh(), nn.Linear(7, 1))
    optim = torch.optim.SGD(net.parameters(), lr=0.05)
    optim = torch.optim.Adam(net.parameters(), lr=2e-3)
    decay = torch.optim.lr_scheduler.StepLR(optim, step_size=1, gamma=0.5)
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


def setup(width):
    model = nn.Linear(width, 3)
    adamw = torch.optim.AdamW(model.parameters(), lr=1e-3)
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(adamw, T_max=10)
    return model, adamw, cosine


def fit(batches):
    model, adamw, cosine = setup(16)
    for epoch in range(10):
        for xb, yb in batches:
            adamw.zero_grad()
            nn.functional.cross_entropy(model(xb), yb).backward()
            adamw.step()
        cosine.step()
