# Correct: the LBFGS closure, a module function bound with `functools.partial`, clears the
# optimizer it is given before each evaluation's backward.
import functools

import torch
import torch.nn.functional as F


def evaluate(optimizer, network, features, target):
    optimizer.zero_grad()
    value = F.mse_loss(network(features), target)
    value.backward()
    return value


def fit(network, batches):
    solver = torch.optim.LBFGS(network.parameters(), lr=0.3, max_iter=6)
    for features, target in batches:
        closure = functools.partial(evaluate, solver, network, features, target)
        solver.step(closure)
