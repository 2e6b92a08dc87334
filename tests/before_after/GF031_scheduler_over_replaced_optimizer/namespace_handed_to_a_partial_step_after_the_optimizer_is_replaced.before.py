import functools
import types

import torch
import torch.nn.functional as F


def update(net, state, x, y):
    state.optim.zero_grad()
    F.mse_loss(net(x), y).backward()
    state.optim.step()
    state.lr.step()


def fit(net, batches):
    """The schedule is built over the SGD; the namespace then gets an Adam and is handed whole
    to `update` through a partial: every call steps the Adam and a schedule of the SGD."""
    state = types.SimpleNamespace()
    state.optim = torch.optim.SGD(net.parameters(), lr=0.1)
    state.lr = torch.optim.lr_scheduler.ExponentialLR(state.optim, gamma=0.9)
    state.optim = torch.optim.Adam(net.parameters(), lr=1e-3)
    run = functools.partial(update, net, state)
    for x, y in batches:
        run(x, y)
