import functools

import torch
from torch import nn


def train_step(net, optim, x, y, micro, accum_steps):
    logits = net(x)
    loss = nn.functional.cross_entropy(logits, y)
    (loss / accum_steps).backward()
    if (micro + 1) % accum_steps == 0:
        optim.step()
        optim.zero_grad(set_to_none=True)
    return loss.item()


def main(epochs=2, accum=3):
    net = nn.Sequential(nn.Linear(5, 8), nn.ReLU(), nn.Linear(8, 3))
    optim = torch.optim.Adam(net.parameters(), lr=1e-3)
    run_step = functools.partial(train_step, net, optim)
    loader = [(torch.randn(4, 5), torch.randint(0, 3, (4,))) for _ in range(10)]
    for _ in range(epochs):
        for i, (x, y) in enumerate(loader):
            run_step(x, y, i, accum)
        if (i + 1) % accum != 0:
            optim.step()
            optim.zero_grad(set_to_none=True)
