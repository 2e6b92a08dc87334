# Correct: an accumulation window in a `while (batch := next(it, None)) is not None:` loop, with
# a `pending` flag set at each backward and cleared at the step, and the leftover micro-batches
# stepped after the loop under `if pending:`. GF006 must stay silent.
import torch
import torch.nn.functional as F


def train(net, loader, window=3):
    opt = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
    it = iter(loader)
    k = 0
    pending = False
    while (b := next(it, None)) is not None:
        (F.mse_loss(net(b[0]), b[1]) / window).backward()
        pending = True
        k += 1
        if k % window == 0:
            opt.step()
            opt.zero_grad()
            pending = False
    if pending:
        opt.step()
        opt.zero_grad()
