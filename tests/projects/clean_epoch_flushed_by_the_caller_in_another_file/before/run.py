import torch
from torch import nn

import loop

MICRO = 4


def main(batches, passes=10):
    net = nn.Linear(16, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    for _ in range(passes):
        last = loop.one_pass(net, opt, batches, MICRO)
        if (last + 1) % MICRO != 0:  # the tail of the pass
            opt.step()
            opt.zero_grad(set_to_none=False)
