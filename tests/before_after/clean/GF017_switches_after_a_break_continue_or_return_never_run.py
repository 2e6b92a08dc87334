"""Evaluations written after a `break`, `continue` or `return` of the same block never run:
the module is never left in eval mode by them."""
import torch
from torch import nn


def fit_epoch(batches, net, opt):
    net.train()
    for inputs, targets in batches:
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(net(inputs), targets)
        loss.backward()
        opt.step()


def measure(batches, net):
    net.eval()
    with torch.no_grad():
        return sum(float(net(inputs).sum()) for inputs, _ in batches)


def one_epoch_then_stop(batches, net, opt, epochs):
    for epoch in range(epochs):
        fit_epoch(batches, net, opt)
        break
        measure(batches, net)


def skip_the_report(batches, net, opt, rounds):
    done = 0
    while done < rounds:
        done += 1
        for inputs, targets in batches:
            opt.zero_grad(set_to_none=True)
            loss = nn.functional.l1_loss(net(inputs), targets)
            loss.backward()
            opt.step()
        continue
        net.eval()


class Runner:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.opt = torch.optim.SGD(net.parameters(), lr=0.1)

    def report(self):
        return 0.0
        self.net.eval()

    def train(self, epochs):
        for epoch in range(epochs):
            for inputs, targets in self.batches:
                self.opt.zero_grad(set_to_none=True)
                loss = nn.functional.mse_loss(self.net(inputs), targets)
                loss.backward()
                self.opt.step()
            self.report()
