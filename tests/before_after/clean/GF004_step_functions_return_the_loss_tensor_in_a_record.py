from typing import NamedTuple

import torch
import torch.nn.functional as F


class Outcome(NamedTuple):
    loss: torch.Tensor
    norm: float


def make_update(net, opt):
    def update(inputs, labels):
        opt.zero_grad(set_to_none=True)
        loss = F.cross_entropy(net(inputs), labels)
        loss.backward(retain_graph=True)
        opt.step()
        # the tensor itself goes back to the caller, which backpropagates it again
        return Outcome(loss, 0.0)

    return update


def run(net, probe, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    probe_opt = torch.optim.SGD(probe.parameters(), lr=0.1)
    update = make_update(net, opt)
    for inputs, labels in loader:
        outcome = update(inputs, labels)
        probe_opt.zero_grad(set_to_none=True)
        (outcome.loss * probe.weight.sum()).backward()
        probe_opt.step()


def train_step(net, opt, inputs, labels):
    opt.zero_grad(set_to_none=True)
    loss = F.cross_entropy(net(inputs), labels)
    loss.backward(retain_graph=True)
    opt.step()
    return dict(loss=loss, n=len(labels))


def fit(net, probe, loader):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    probe_opt = torch.optim.SGD(probe.parameters(), lr=0.1)
    for inputs, labels in loader:
        out = train_step(net, opt, inputs, labels)
        probe_opt.zero_grad(set_to_none=True)
        (out["loss"] * probe.weight.sum()).backward()
        probe_opt.step()
