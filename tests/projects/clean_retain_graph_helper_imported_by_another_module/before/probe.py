import torch

from train import backprop


def sensitivity(model, x):
    """Two backward passes through one graph: the helper's retained graph is needed here."""
    loss = model(x).pow(2).sum()
    backprop(loss)
    first = [p.grad.clone() for p in model.parameters()]
    backprop(loss)
    return first
