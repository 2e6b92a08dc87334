import torch
from torch import nn


def descend(term):
    term.backward(retain_graph=True)


def train(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        descend(nn.functional.mse_loss(model(x), y))
        descend(nn.functional.mse_loss(model(x.flip(0)), y.flip(0)))
        opt.step()


def fit(network, batches):
    optimiser = torch.optim.Adam(network.parameters(), lr=1e-3)
    push = lambda value: value.backward(retain_graph=True)
    norms = []
    i = 0
    while i < len(batches):
        inputs, targets = batches[i]
        optimiser.zero_grad(set_to_none=True)
        scores = network(inputs)
        push(nn.functional.l1_loss(scores, targets))
        norms.append(sum(p.grad.norm() for p in network.parameters()))
        push(scores.abs().mean())
        optimiser.step()
        i += 1
    return norms
