# A factory returns two closures in a tuple; the loop unpacks them and calls the first per batch
# of a `while` loop. It backpropagates through the network the factory was handed (named `net`
# here, `module` in the factory) and keeps each gradient norm in a list of the factory; nothing
# clears the gradients, so each norm is that of the running sum.
import torch
from torch import nn


def build_probes(module, loss_fn):
    history = []

    def probe(inputs, targets):
        loss_fn(module(inputs), targets).backward()
        history.append(sum(float(w.grad.norm()) for w in module.parameters()))

    def summary():
        return max(history)

    return probe, summary


def measure(batches):
    net = nn.Sequential(nn.Linear(5, 7), nn.GELU(), nn.Linear(7, 1))
    probe, summary = build_probes(net, nn.functional.mse_loss)
    position = 0
    while position < len(batches):
        inputs, targets = batches[position]
        probe(inputs, targets)
        position += 1
    return summary()
