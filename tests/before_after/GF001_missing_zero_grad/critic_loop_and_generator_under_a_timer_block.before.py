import contextlib
import time

import torch
from torch import nn


@contextlib.contextmanager
def timer(log):
    start = time.perf_counter()
    yield
    log.append(time.perf_counter() - start)


def train(disc, gen, batches, n_critic=4):
    d_opt = torch.optim.Adam(disc.parameters(), lr=2e-4)
    g_opt = torch.optim.Adam(gen.parameters(), lr=2e-4)
    times = []
    for real in batches:
        with timer(times):
            for _ in range(n_critic):
                d_opt.zero_grad()
                z = torch.randn(real.size(0), 4)
                d_loss = disc(gen(z).detach()).mean() - disc(real).mean()
                d_loss.backward()
                d_opt.step()
            z = torch.randn(real.size(0), 4)
            g_loss = -disc(gen(z)).mean()
            g_loss.backward()
            g_opt.step()
    return times
