import functools

import torch
from torch import nn

N_ACC = 4


def counted_from_zero_tested_after_the_micro_batch(net, batches, epochs):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)

    def fold(k, pair):
        (nn.functional.cross_entropy(net(pair[0]), pair[1]) / N_ACC).backward()
        if (k + 1) % N_ACC == 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
        return k + 1

    for _ in range(epochs):
        seen = functools.reduce(fold, batches, 0)
        if seen % N_ACC != 0:
            opt.step()
            opt.zero_grad(set_to_none=True)


def counted_from_one(net, batches, epochs):
    opt = torch.optim.AdamW(net.parameters(), lr=1e-3)

    def fold(k, pair):
        (nn.functional.cross_entropy(net(pair[0]), pair[1]) / N_ACC).backward()
        if k % N_ACC == 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
        return k + 1

    for _ in range(epochs):
        seen = functools.reduce(fold, batches, 1)
        if (seen - 1) % N_ACC != 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
