import os

import torch
import torch.nn.functional as F
from torch import nn


def descend(net, inputs, targets, lr=0.05):
    F.mse_loss(net(inputs), targets).backward()
    with torch.no_grad():
        for weight in net.parameters():
            weight.sub_(lr * weight.grad)
            weight.grad = None


def descend_zeroed(net, inputs, targets, lr=0.05):
    F.mse_loss(net(inputs), targets).backward()
    with torch.no_grad():
        for weight in net.parameters():
            weight -= lr * weight.grad
            weight.grad.zero_()


def descend_from_zero(net, inputs, targets, lr=0.05):
    net.zero_grad(set_to_none=True)
    F.mse_loss(net(inputs), targets).backward()
    with torch.no_grad():
        for weight in net.parameters():
            weight -= lr * weight.grad


def run(net, batches):
    for inputs, targets in batches:
        descend(net, inputs, targets)
    for inputs, targets in batches:
        descend_zeroed(net, inputs, targets)
    for inputs, targets in batches:
        descend_from_zero(net, inputs, targets)
    for inputs, targets in batches:
        net.zero_grad(set_to_none=True)
        descend_unsafe(net, inputs, targets)


def descend_unsafe(net, inputs, targets):
    F.mse_loss(net(inputs), targets).backward()
    with torch.no_grad():
        for weight in net.parameters():
            weight -= 0.05 * weight.grad


class Train:
    def step(self, state, x, y):
        nn.functional.cross_entropy(state.net(x), y).backward()
        with torch.no_grad():
            for p in state.net.parameters():
                p -= 0.1 * p.grad
                p.grad = None


class Score:
    def step(self, state, x, y):
        with torch.no_grad():
            state.net(x)


MODES = {"train": Train(), "score": Score()}


def main(state, loader):
    mode = MODES[os.environ.get("MODE", "train")]
    for x, y in loader:
        mode.step(state, x, y)
