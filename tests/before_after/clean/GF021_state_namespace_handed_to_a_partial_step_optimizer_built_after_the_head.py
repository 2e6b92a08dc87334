import functools
import types

import torch
import torch.nn as nn


def train_step(model, state, x, y):
    state.opt.zero_grad()
    loss = nn.functional.cross_entropy(model(x), y)
    loss.backward()
    state.opt.step()
    return loss.item()


def main(loader, classes):
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
    state = types.SimpleNamespace()
    model[2] = nn.Linear(16, classes)
    state.opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    step = functools.partial(train_step, model, state)
    for x, y in loader:
        step(x, y)


def probe(loader):
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
    state = types.SimpleNamespace()
    state.opt = torch.optim.RMSprop(model.parameters(), lr=1e-3)
    print(state)
    model[2] = nn.Identity()
    return model
