import types

import torch
import torch.nn as nn

from .ops.batch import close_epoch, fit_batch


def run(batches, epochs):
    net = nn.Linear(6, 2)
    state = types.SimpleNamespace()
    state.opt = torch.optim.SGD(net.parameters(), lr=0.1)
    state.lr_schedule = torch.optim.lr_scheduler.MultiStepLR(state.opt, milestones=[2, 4], gamma=0.1)
    state.opt = torch.optim.RMSprop(net.parameters(), lr=0.01)
    state.lr_schedule = torch.optim.lr_scheduler.MultiStepLR(state.opt, milestones=[2, 4], gamma=0.1)
    for epoch in range(epochs):
        for inputs, targets in batches:
            fit_batch(net, state, inputs, targets)
        close_epoch(state)
    return net
