# Buggy: the loop hands out a different optimizer each call but always the same network, so
# the second call's optimizer also steps the gradients the first call's backward left there.
import torch


def run(net, opt, batch):
    loss = net(batch).square().mean()
    loss.backward()
    opt.step()


def two_rates(net, opts, batch):
    for k in range(2):
        run(net, opts[k], batch)
