# The epoch loops are written `for _ in range(...)`: `_` says "unused", yet it must now hold
# the epoch number. The fix names the loop variable `epoch` (the file names nothing so; in the
# second function `_` is bound again in the body, which keeps its own `_`), then gives it to the
# sampler.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def fit(net, ds, n_epochs):
    sampler = DistributedSampler(ds, num_replicas=2, rank=0)
    loader = DataLoader(ds, batch_size=8, sampler=sampler)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(n_epochs):
        for xb, yb in loader:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(xb), yb).backward()
            opt.step()


def fit_counting(net, ds, n_epochs):
    loader = DataLoader(ds, batch_size=8, sampler=DistributedSampler(ds, num_replicas=2, rank=1))
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(n_epochs):
        hits = 0
        for xb, yb in loader:
            opt.zero_grad()
            out = net(xb)
            torch.nn.functional.cross_entropy(out, yb).backward()
            opt.step()
            _, pred = out.max(1)
            hits += (pred == yb).sum().item()
