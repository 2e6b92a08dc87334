import types

import torch
import torch.nn.functional as F


def update(net, state, x, y):
    state.optim.zero_grad()
    F.mse_loss(net(x), y).backward()
    state.optim.step()
    state.lr.step()


def fit(net, batches):
    """The schedule is built over the SGD; the namespace then gets an RMSprop and is handed
    whole to `update` on every call: every call steps the RMSprop and a schedule of the SGD."""
    box = types.SimpleNamespace()
    box.optim = torch.optim.SGD(net.parameters(), lr=0.1)
    box.lr = torch.optim.lr_scheduler.ExponentialLR(box.optim, gamma=0.9)
    box.optim = torch.optim.RMSprop(net.parameters(), lr=1e-3)
    for x, y in batches:
        update(net, box, x, y)
