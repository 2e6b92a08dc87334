# Schedules built in `__init__` and stepped by methods at the unit their horizon counts: the
# batch-counted one-cycle after each optimizer step, the epoch-counted cosine once per epoch.
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
        self.plan.step()

    def finish_epoch(self):
        print(self.plan.get_last_lr())


def train(net, batches):
    fitter = Fitter(net, batches)
    rnd = 0
    while rnd < ROUNDS:
        for feats, target in batches:
            fitter.one_batch(feats, target)
        fitter.finish_epoch()
        rnd += 1


class Runner:
    def __init__(self, net, epochs):
        self.net = net
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.cos = torch.optim.lr_scheduler.CosineAnnealingLR(self.adam, T_max=epochs)

    def __call__(self, xb, yb):
        self.adam.zero_grad()
        nn.functional.mse_loss(self.net(xb), yb).backward()
        self.adam.step()

    def advance(self):
        self.cos.step()


def fit(net, loader, epochs):
    run = Runner(net, epochs)
    for ep in range(epochs):
        for xb, yb in loader:
            run(xb, yb)
        run.advance()
