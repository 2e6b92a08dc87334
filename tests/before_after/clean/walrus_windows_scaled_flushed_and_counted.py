# Correct: windows written with a walrus, the loss scaled by N, the tail flushed by the
# window's own test (`or k == len(loader)`) or after the loop, the counter bumped by the
# walrus itself.
import torch.nn.functional as F

ACC = 4


def fit_indexed(net, opt, loader):
    for i, (x, y) in enumerate(loader):
        (F.cross_entropy(net(x), y) / ACC).backward()
        if (k := i + 1) % ACC == 0 or k == len(loader):
            opt.step()
            opt.zero_grad(set_to_none=True)


def fit_counted(net, opt, loader):
    n = 0
    for x, y in loader:
        (F.cross_entropy(net(x), y) / ACC).backward()
        if (n := n + 1) % ACC == 0:
            opt.step()
            opt.zero_grad(set_to_none=True)
    if n % ACC:
        opt.step()
        opt.zero_grad(set_to_none=True)
