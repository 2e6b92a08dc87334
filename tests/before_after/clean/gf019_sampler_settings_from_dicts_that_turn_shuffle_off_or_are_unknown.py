# Sampler settings spread from dicts: one says `"shuffle": False` (a fixed order is wanted), one
# is changed after it is written (`opts.update(...)` may add `shuffle`), and one is a parameter
# (unknown): none of these samplers is known to shuffle, so nothing is reported.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

EVAL_OPTS = {"num_replicas": 2, "rank": 0, "shuffle": False}
opts = {"num_replicas": 2, "rank": 0}
opts.update(shuffle=False)


def fit(net, ds, extra, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    fixed = DataLoader(ds, batch_size=8, sampler=DistributedSampler(ds, **EVAL_OPTS))
    changed = DataLoader(ds, batch_size=8, sampler=DistributedSampler(ds, **opts))
    given = DataLoader(ds, batch_size=8, sampler=DistributedSampler(ds, **extra))
    for epoch in range(epochs):
        for loader in (fixed, changed, given):
            for xb, yb in loader:
                opt.zero_grad()
                torch.nn.functional.mse_loss(net(xb), yb).backward()
                opt.step()
