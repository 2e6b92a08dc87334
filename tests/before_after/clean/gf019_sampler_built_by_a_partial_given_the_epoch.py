"""Samplers built through `functools.partial(DistributedSampler, ...)`: the training one is
given the epoch at the top of each epoch, the validation one does not shuffle. Nothing to
report."""
from functools import partial

import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def train(model, dataset, val_set, epochs, rank, world):
    make_sampler = partial(DistributedSampler, num_replicas=world, rank=rank, shuffle=True)
    sampler = make_sampler(dataset)
    loader = DataLoader(dataset, batch_size=4, sampler=sampler)
    make_val_sampler = partial(DistributedSampler, num_replicas=world, rank=rank, shuffle=False)
    val_loader = DataLoader(val_set, batch_size=4, sampler=make_val_sampler(val_set))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        with torch.no_grad():
            for x, y in val_loader:
                print(nn.functional.mse_loss(model(x), y).item())


data = TensorDataset(torch.randn(16, 3), torch.randn(16, 1))
train(nn.Linear(3, 1), data, data, 2, 0, 1)
