"""A project optimizer whose zero_grad() takes no argument, built into an attribute in
__init__ and stepped in another method: the clear gradfix adds calls it without set_to_none.
"""

import torch
from torch import nn


class SignSGD:
    def __init__(self, params, lr):
        self.params = list(params)
        self.lr = lr

    def zero_grad(self):
        for p in self.params:
            p.grad = None

    @torch.no_grad()
    def step(self):
        for p in self.params:
            if p.grad is not None:
                p.add_(p.grad.sign(), alpha=-self.lr)


class Trainer:
    def __init__(self, model):
        self.model = model
        self.opt = SignSGD(model.parameters(), lr=1e-2)

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            loss = nn.functional.mse_loss(self.model(x), y)
            loss.backward()
            self.opt.step()
