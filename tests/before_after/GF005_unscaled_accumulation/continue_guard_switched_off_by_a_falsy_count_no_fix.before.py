# A `continue` guard ends the micro-batches before a window's last early, unless `grad_accum`
# is 0 (accumulation off): `if grad_accum and (i + 1) % grad_accum != 0: continue`. With a
# count the whole loss of each micro-batch is backpropagated. Reported without a fix: `loss /
# grad_accum` would raise with 0.
import torch


def epoch_pass(model, loader, opt, crit, grad_accum=0):
    for i, (x, y) in enumerate(loader):
        loss = crit(model(x), y)
        loss.backward()
        if grad_accum and (i + 1) % grad_accum != 0:
            continue
        opt.step()
        opt.zero_grad()
