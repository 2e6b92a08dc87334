import functools
import types

import torch
import torch.nn.functional as F


def update(net, state, x, y):
    state.optim.zero_grad()
    F.mse_loss(net(x), y).backward()
    state.optim.step()
    state.lr.step()


def only_optimizer(net, state, x, y):
    state.optim.zero_grad()
    F.mse_loss(net(x), y).backward()
    state.optim.step()


def fit(net, batches):
    """The schedule is built after the new optimizer: it schedules the one that trains."""
    state = types.SimpleNamespace()
    state.optim = torch.optim.SGD(net.parameters(), lr=0.1)
    state.optim = torch.optim.Adam(net.parameters(), lr=1e-3)
    state.lr = torch.optim.lr_scheduler.ExponentialLR(state.optim, gamma=0.9)
    run = functools.partial(update, net, state)
    for x, y in batches:
        run(x, y)


def fit_unscheduled(net, batches):
    """The function the namespace is handed to never steps the schedule."""
    box = types.SimpleNamespace()
    box.optim = torch.optim.SGD(net.parameters(), lr=0.1)
    box.lr = torch.optim.lr_scheduler.ExponentialLR(box.optim, gamma=0.9)
    box.optim = torch.optim.Adam(net.parameters(), lr=1e-3)
    for x, y in batches:
        only_optimizer(net, box, x, y)
