# The sampler's settings come from dicts written out in the file (`**SAMPLER_OPTS`, and an entry
# of a nested config, `**CONFIG["sampler"]`), none of which says `shuffle`: it shuffles, with the
# same order every epoch until it is given the epoch.
import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

SAMPLER_OPTS = {"num_replicas": 4, "rank": 1, "drop_last": True}
CONFIG = {"sampler": dict(num_replicas=4, rank=1, seed=7), "epochs": 5}


def run(net, data, labels):
    ds = TensorDataset(data, labels)
    train_sampler = DistributedSampler(ds, **SAMPLER_OPTS)
    train_loader = DataLoader(ds, batch_size=16, sampler=train_sampler)
    opt = torch.optim.Adam(net.parameters())
    epoch = 0
    while epoch < 5:
        for xb, yb in train_loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(xb), yb).backward()
            opt.step()
        epoch += 1


def run_aux(net, ds, n_epochs):
    aux_loader = DataLoader(ds, batch_size=16, sampler=DistributedSampler(ds, **CONFIG["sampler"]))
    opt = torch.optim.Adam(net.parameters())
    for ep in range(n_epochs):
        for xb, yb in aux_loader:
            opt.zero_grad()
            torch.nn.functional.l1_loss(net(xb), yb).backward()
            opt.step()
