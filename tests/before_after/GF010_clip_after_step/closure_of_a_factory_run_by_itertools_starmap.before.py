import itertools

import torch
from torch import nn


def build_update(module, optim, max_norm):
    loss_fn = nn.SmoothL1Loss()

    def update(inputs, targets):
        optim.zero_grad(set_to_none=True)
        loss = loss_fn(module(inputs), targets)
        loss.backward()
        optim.step()
        nn.utils.clip_grad_norm_(module.parameters(), max_norm)
        return loss.item()

    return update


def train(module, pairs):
    optim = torch.optim.RMSprop(module.parameters(), lr=1e-3)
    update = build_update(module, optim, 0.5)
    return list(itertools.starmap(update, pairs))
