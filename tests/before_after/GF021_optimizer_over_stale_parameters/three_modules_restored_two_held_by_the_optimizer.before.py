import itertools

import torch
from torch import nn


def train(path, loader, resume=False):
    gen = nn.Linear(16, 32)
    critic = nn.Linear(32, 1)
    probe = nn.Linear(32, 4)
    opt = torch.optim.RMSprop(itertools.chain(gen.parameters(), critic.parameters()), lr=5e-5)
    if resume:
        gen, critic, probe = torch.load(path, weights_only=False)
    for z, real in loader:
        opt.zero_grad()
        loss = critic(gen(z)).mean() - critic(real).mean()
        loss.backward()
        opt.step()
    return probe
