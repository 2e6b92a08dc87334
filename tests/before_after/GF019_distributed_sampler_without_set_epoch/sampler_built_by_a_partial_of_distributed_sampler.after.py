"""The sampler is built through `functools.partial(DistributedSampler, shuffle=True)`: it
shuffles, and nothing gives it the epoch, so every epoch repeats the first one's order. The fix
sets the epoch at the top of the epoch loop."""
from functools import partial

import torch
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def train(model, dataset, epochs, rank, world):
    make_sampler = partial(DistributedSampler, num_replicas=world, rank=rank, shuffle=True)
    sampler = make_sampler(dataset)
    loader = DataLoader(dataset, batch_size=4, sampler=sampler)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


train(nn.Linear(3, 1), TensorDataset(torch.randn(16, 3), torch.randn(16, 1)), 2, 0, 1)
