"""The sampler is chosen by an `if` statement, a `DistributedSampler` in one arm and `None` in
the other (the ImageNet example's shape); and a second loader is built in each arm of another
`if`, with the distributed sampler in one and plain shuffling in the other. Each fix is guarded:
unguarded, the single-process run would call `set_epoch` on no sampler or on a `RandomSampler`."""
import argparse

import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def main():
    args = argparse.Namespace(distributed=False, epochs=3)
    dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    if args.distributed:
        train_sampler = DistributedSampler(dataset)
    else:
        train_sampler = None
    train_loader = DataLoader(dataset, batch_size=8, shuffle=(train_sampler is None), sampler=train_sampler)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(args.epochs):
        if train_sampler is not None:
            train_sampler.set_epoch(epoch)
        for x, y in train_loader:
            optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


def finetune(distributed):
    dataset = TensorDataset(torch.randn(32, 4), torch.randn(32, 1))
    if distributed:
        loader = DataLoader(dataset, batch_size=8, sampler=DistributedSampler(dataset))
    else:
        loader = DataLoader(dataset, batch_size=8, shuffle=True)
    model = torch.nn.Linear(4, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(3):
        if isinstance(loader.sampler, DistributedSampler):
            loader.sampler.set_epoch(epoch)
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()


main()
finetune(False)
