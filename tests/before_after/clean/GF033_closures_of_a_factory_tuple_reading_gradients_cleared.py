# A factory returns closures in a tuple, and the loop calls one per batch: `probe` clears the
# gradients it reads before each backward; `read` does not, but the loop of `measure_cleared`
# clears the network it handed the factory before each call.
import torch
from torch import nn


def build_probes(module, loss_fn):
    history = []

    def probe(inputs, targets):
        module.zero_grad(set_to_none=True)
        loss_fn(module(inputs), targets).backward()
        history.append(sum(float(w.grad.norm()) for w in module.parameters()))

    def summary():
        return max(history)

    return probe, summary


def build_reader(module, loss_fn):
    history = []

    def read(inputs, targets):
        loss_fn(module(inputs), targets).backward()
        history.append(sum(float(w.grad.norm()) for w in module.parameters()))

    return read, history


def measure(batches):
    net = nn.Sequential(nn.Linear(5, 7), nn.GELU(), nn.Linear(7, 1))
    probe, summary = build_probes(net, nn.functional.mse_loss)
    position = 0
    while position < len(batches):
        inputs, targets = batches[position]
        probe(inputs, targets)
        position += 1
    return summary()


def measure_cleared(batches):
    net = nn.Sequential(nn.Linear(5, 7), nn.GELU(), nn.Linear(7, 1))
    read, history = build_reader(net, nn.functional.mse_loss)
    for inputs, targets in batches:
        net.zero_grad()
        read(inputs, targets)
    return history
