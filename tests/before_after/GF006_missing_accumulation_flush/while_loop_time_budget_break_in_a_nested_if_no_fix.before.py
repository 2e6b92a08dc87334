import time

import torch


def fit(net, loader, k=4, seconds=60.0):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    started = time.monotonic()
    source = iter(loader)
    seen = 0
    while True:
        try:
            x, y = next(source)
        except StopIteration:
            break
        torch.nn.functional.mse_loss(net(x), y).div(k).backward()
        seen += 1
        if seen % k == 0:
            opt.step()
            opt.zero_grad()
        if seen > 10:
            if time.monotonic() - started > seconds:
                break
