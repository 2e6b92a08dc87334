# The epoch loop is written `for _ in range(...)` but its body reads `_` as the epoch number (for
# a log line): the variable is used as it is, and the sampler is given `_` itself.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def fit(net, ds, n_epochs):
    sampler = DistributedSampler(ds)
    loader = DataLoader(ds, batch_size=8, sampler=sampler)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for _ in range(n_epochs):
        sampler.set_epoch(_)
        for xb, yb in loader:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(xb), yb).backward()
            opt.step()
        print("finished epoch", _)
