# The autocast context is made by a `functools.partial` of `torch.autocast` bound once (CUDA,
# float16), then entered as `with half_precision():`: the forward runs in float16 and nothing
# scales the loss. Reported without a fix.
from functools import partial

import torch

half_precision = partial(torch.autocast, "cuda", dtype=torch.float16)


def train(net, batches, epochs):
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for _ in range(epochs):
        for inputs, targets in batches:
            opt.zero_grad()
            with half_precision():
                loss = torch.nn.functional.mse_loss(net(inputs), targets)
            loss.backward()
            opt.step()
