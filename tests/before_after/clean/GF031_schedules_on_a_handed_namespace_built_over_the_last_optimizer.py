# `setup(ns)` replaces the optimizer first and builds the cosine over the one that trains.
import types

import torch
import torch.nn as nn


def setup(ns):
    ns.optim = torch.optim.Adam(ns.net.parameters(), lr=1e-3)
    ns.optim = torch.optim.SGD(ns.net.parameters(), lr=0.05, momentum=0.9)
    ns.cosine = torch.optim.lr_scheduler.CosineAnnealingLR(ns.optim, T_max=8)


def train_step(state, xb, yb):
    state.optim.zero_grad()
    nn.functional.mse_loss(state.net(xb), yb).backward()
    state.optim.step()


def close_epoch(s):
    s.cosine.step()


def main(loader):
    ns = types.SimpleNamespace(net=nn.Linear(3, 1))
    setup(ns)
    epoch = 0
    while epoch < 8:
        for xb, yb in loader:
            train_step(ns, xb, yb)
        close_epoch(ns)
        epoch += 1
