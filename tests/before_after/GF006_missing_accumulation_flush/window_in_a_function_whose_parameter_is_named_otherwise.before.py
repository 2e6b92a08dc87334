"""A module function `micro_step(net, opt, x, y, k)` called by the loop as `micro_step(net, opt,
x, y, idx)`: its window reads the loop's `idx` as `k`. Reported; the flush is written only for
a method of the loop's own class, so no fix."""
import torch
from torch import nn

ACCUM = 3


def micro_step(net, opt, x, y, k):
    (nn.functional.mse_loss(net(x), y) / ACCUM).backward()
    if (k + 1) % ACCUM == 0:
        opt.step()
        opt.zero_grad()


def main():
    net = nn.Linear(4, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.05)
    data = [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(7)]
    for idx, (x, y) in enumerate(data):
        micro_step(net, opt, x, y, idx)
