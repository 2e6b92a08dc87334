# A closure bound with `partial` over a module function that does not receive the optimizer
# never clears: reported, without a fix (the function has no name for the optimizer).
from functools import partial

import torch
from torch import nn

net = nn.Linear(3, 1)
lbfgs = torch.optim.LBFGS(net.parameters(), max_iter=5)


def objective(model, xs, ys):
    err = nn.functional.mse_loss(model(xs), ys)
    err.backward()
    return err


def run(batches):
    for xs, ys in batches:
        closure = partial(objective, net, xs, ys)
        lbfgs.step(closure)
