import torch
from torch import nn

MICRO_BATCHES = 4


class Recipe:
    """`self(...)` reaches a static step whose window is right for the count the loop hands
    it (`enumerate(batches, 1)`), and one whose window is written on `k + 1`."""

    def __init__(self, network):
        self.network = network
        self.optim = torch.optim.SGD(network.parameters(), lr=0.05)
        self.loss_fn = nn.CrossEntropyLoss()

    @staticmethod
    def accumulate(network, optim, loss_fn, features, labels, k):
        loss = loss_fn(network(features), labels) / MICRO_BATCHES
        loss.backward()
        if k % MICRO_BATCHES == 0:
            optim.step()
            optim.zero_grad()
        return loss.detach()

    def __call__(self, features, labels, k):
        return Recipe.accumulate(self.network, self.optim, self.loss_fn, features, labels, k)

    def run(self, batches, rounds):
        for _ in range(rounds):
            for k, (features, labels) in enumerate(batches, 1):
                self(features, labels, k)
            if len(batches) % MICRO_BATCHES:
                self.optim.step()
                self.optim.zero_grad()


class Shifted:
    def __init__(self, model, every):
        self.model = model
        self.every = every
        self.opt = torch.optim.AdamW(model.parameters(), lr=1e-3)

    def __call__(self, xb, yb, seen):
        err = torch.nn.functional.mse_loss(self.model(xb), yb) / self.every
        err.backward()
        if (seen + 1) % self.every == 0:
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)

    def train(self, stream):
        for seen in range(len(stream)):
            xb, yb = stream[seen]
            self(xb, yb, seen)
        self.opt.step()
        self.opt.zero_grad(set_to_none=True)
