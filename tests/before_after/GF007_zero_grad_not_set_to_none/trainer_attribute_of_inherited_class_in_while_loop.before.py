"""A Trainer builds `self.optimizer` from a class whose zero_grad() comes from its base and takes
no argument, and clears it in a while loop of another method: left as it is. The probe's
torch optimizer, another attribute, is fixed.
"""

import torch


class ClosureFree:
    def __init__(self, params, lr):
        self.inner = torch.optim.SGD(params, lr=lr)

    def step(self):
        self.inner.step()

    def zero_grad(self):
        self.inner.zero_grad(set_to_none=True)


class Sgd(ClosureFree):
    """Plain SGD with the base's clear."""


class Trainer:
    def __init__(self, model, probe, lr=0.1):
        self.model = model
        self.probe = probe
        self.optimizer = Sgd(model.parameters(), lr)
        self.probe_optimizer = torch.optim.SGD(probe.parameters(), lr=lr)

    def fit(self, loader, max_steps):
        step = 0
        batches = iter(loader)
        while step < max_steps:
            x, y = next(batches)
            self.optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.optimizer.step()
            step += 1

    def fit_probe(self, loader):
        for x, y in loader:
            self.probe_optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(self.probe(self.model(x).detach()), y)
            loss.backward()
            self.probe_optimizer.step()
