"""Loaders built from `samplers.items()`: one file's training sampler is given the epoch
through the samplers' dict, the other's through its loader, and a third's samplers never
shuffle. Nothing to report."""
import torch
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def fit(model, datasets, epochs):
    samplers = {split: DistributedSampler(ds) for split, ds in datasets.items()}
    loaders = {split: DataLoader(datasets[split], batch_size=8, sampler=s) for split, s in samplers.items()}
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        samplers["train"].set_epoch(epoch)
        for x, y in loaders["train"]:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()


def fit_in_order(model, train_set, val_set, epochs):
    samplers = {"train": DistributedSampler(train_set, shuffle=False), "val": DistributedSampler(val_set, shuffle=False)}
    loaders = {split: DataLoader(train_set, batch_size=8, sampler=s) for split, s in samplers.items()}
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        for x, y in loaders["train"]:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()


fit(torch.nn.Linear(4, 1), {"train": TensorDataset(torch.randn(8, 4), torch.randn(8, 1))}, 2)
