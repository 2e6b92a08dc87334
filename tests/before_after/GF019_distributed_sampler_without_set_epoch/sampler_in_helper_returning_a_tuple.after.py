"""The loaders come back from a helper in a tuple, the training one over a shuffling
DistributedSampler when several processes run; the epoch loop never reseeds it, so every
epoch sees the same order. The validation sampler does not shuffle."""
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def make_loaders(train_set, val_set, world_size):
    train_sampler = DistributedSampler(train_set) if world_size > 1 else None
    val_sampler = DistributedSampler(val_set, shuffle=False) if world_size > 1 else None
    train_loader = DataLoader(train_set, batch_size=32, sampler=train_sampler, shuffle=train_sampler is None)
    val_loader = DataLoader(val_set, batch_size=64, sampler=val_sampler)
    return train_loader, val_loader, len(train_set)


def main(model, train_set, val_set, world_size, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train_loader, val_loader, count = make_loaders(train_set, val_set, world_size)
    for epoch in range(epochs):
        if isinstance(train_loader.sampler, DistributedSampler):
            train_loader.sampler.set_epoch(epoch)
        model.train()
        for inputs, targets in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(inputs), targets).backward()
            optimizer.step()
        model.eval()
        with torch.no_grad():
            for inputs, targets in val_loader:
                model(inputs)
