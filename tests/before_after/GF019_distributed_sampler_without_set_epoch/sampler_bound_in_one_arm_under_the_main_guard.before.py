# A script whose whole body sits under the main guard: the DistributedSampler is bound only
# in the data-parallel arm, so `sampler.set_epoch(epoch)` would raise NameError on a single
# process. The loader's own sampler is bound on both paths.
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler

if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--distributed", action="store_true")
    parser.add_argument("--epochs", type=int, default=5)
    args = parser.parse_args()

    data = TensorDataset(torch.randn(256, 8), torch.randint(0, 3, (256,)))
    if args.distributed:
        shard_sampler = DistributedSampler(data)
        batches = DataLoader(data, batch_size=32, sampler=shard_sampler)
    else:
        batches = DataLoader(data, batch_size=32, shuffle=True)

    net = torch.nn.Linear(8, 3)
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    for epoch in range(args.epochs):
        for inputs, targets in batches:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(inputs), targets).backward()
            opt.step()
