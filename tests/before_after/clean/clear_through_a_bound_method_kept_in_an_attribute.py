import types

import torch
from torch import nn


def fit(model, batches):
    opt = torch.optim.SGD(model.parameters(), lr=0.05)
    hooks = types.SimpleNamespace()
    hooks.reset = opt.zero_grad
    for inputs, target in batches:
        hooks.reset()
        nn.functional.mse_loss(model(inputs), target).backward()
        opt.step()


class Loop:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.Adam(model.parameters())
        self.wipe = self.opt.zero_grad

    def train(self, batches):
        for x, y in batches:
            self.wipe(set_to_none=True)
            nn.functional.l1_loss(self.model(x), y).backward()
            self.opt.step()
