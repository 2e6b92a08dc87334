# The one-cycle schedule is built in `__init__` over `len(self.batches)` batches a run, but
# `finish_epoch()`, called once per epoch, is the only place that steps it.
import torch
import torch.nn as nn

ROUNDS = 6


class Fitter:
    def __init__(self, net, batches):
        self.net = net
        self.batches = batches
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
        self.plan = torch.optim.lr_scheduler.OneCycleLR(self.sgd, max_lr=0.2, total_steps=ROUNDS * len(self.batches))

    def one_batch(self, feats, target):
        self.sgd.zero_grad()
        nn.functional.cross_entropy(self.net(feats), target).backward()
        self.sgd.step()

    def finish_epoch(self):
        self.plan.step()


def train(net, batches):
    fitter = Fitter(net, batches)
    rnd = 0
    while rnd < ROUNDS:
        for feats, target in batches:
            fitter.one_batch(feats, target)
        fitter.finish_epoch()
        rnd += 1
