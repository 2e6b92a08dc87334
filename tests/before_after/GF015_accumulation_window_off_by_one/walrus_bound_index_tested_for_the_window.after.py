# Buggy: the window test binds the index with a walrus and tests it as it is: `i % N == 0`
# holds on the first micro-batch, so the first window steps after one micro-batch.
import torch.nn.functional as F


def fit(net, opt, loader, accum=4):
    for i, (x, y) in enumerate(loader):
        (F.cross_entropy(net(x), y) / accum).backward()
        if ((k := i) + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
            print("stepped at", k)
