"""Loaders built from `samplers.items()`; the training loader's sampler is given the epoch
through the loader (`loaders["train"].sampler.set_epoch(epoch)`). Nothing to report."""
import torch
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def fit(model, datasets, epochs):
    samplers = {split: DistributedSampler(ds) for split, ds in datasets.items()}
    loaders = {split: DataLoader(datasets[split], batch_size=8, sampler=s) for split, s in samplers.items()}
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        loaders["train"].sampler.set_epoch(epoch)
        for x, y in loaders["train"]:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()


fit(torch.nn.Linear(4, 1), {"train": TensorDataset(torch.randn(8, 4), torch.randn(8, 1))}, 2)
