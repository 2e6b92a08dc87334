import types

import torch
import torch.nn.functional as F

STEPS = {}


def register(name):
    def wrap(fn):
        STEPS[name] = fn
        return fn
    return wrap


@register("gan")
def gan_step(tr, z, real):
    fake = tr.G(z)
    d_loss = F.relu(1 - tr.D(real)).mean() + F.relu(1 + tr.D(fake.detach())).mean()
    d_loss.backward()
    tr.state.d_opt.step()
    tr.state.d_opt.zero_grad()
    g_loss = -tr.D(fake).mean()
    g_loss.backward()
    tr.state.g_opt.step()
    tr.state.g_opt.zero_grad()


class Trainer:
    def __init__(self, G, D, kind="gan"):
        self.G = G
        self.D = D
        self.kind = kind
        self.state = types.SimpleNamespace()
        self.state.g_opt = torch.optim.Adam(self.G.parameters(), lr=2e-4)
        self.state.d_opt = torch.optim.Adam(self.D.parameters(), lr=2e-4)

    def fit(self, batches, epochs):
        for epoch in range(epochs):
            for z, real in batches:
                STEPS[self.kind](self, z, real)
