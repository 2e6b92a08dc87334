# Correct as far as gradfix can tell: the partial holding the optimizer goes to a runner of
# another library, which may clear; only a partial handed to `step()` is followed.
import functools

import torch
from somewhere import runner


def evaluate(optimizer, network, features, target):
    value = torch.nn.functional.mse_loss(network(features), target)
    value.backward()
    return value


def fit(network, batches):
    solver = torch.optim.LBFGS(network.parameters(), lr=0.3, max_iter=6)
    for features, target in batches:
        closure = functools.partial(evaluate, solver, network, features, target)
        runner.optimize(closure)
        solver.step(lambda: runner.last_loss)
