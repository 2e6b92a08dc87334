import torch
from torch.utils.data import DataLoader, DistributedSampler


def train_seeded(net, train_set, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    sampler = DistributedSampler(train_set)
    loaders = {"train": DataLoader(train_set, batch_size=32, sampler=sampler)}
    for epoch in range(epochs):
        loaders["train"].sampler.set_epoch(epoch)
        for x, y in loaders["train"]:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            opt.step()


def train_in_order(net, train_set, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    ordered = DistributedSampler(train_set, shuffle=False)
    loaders = {"train": DataLoader(train_set, batch_size=32, sampler=ordered)}
    for epoch in range(epochs):
        for x, y in loaders["train"]:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            opt.step()


def train_other_entry(net, train_set, val_set, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    val_sampler = DistributedSampler(val_set)
    loaders = {"train": DataLoader(train_set, batch_size=32, shuffle=True), "val": DataLoader(val_set, sampler=val_sampler)}
    for epoch in range(epochs):
        for x, y in loaders["train"]:
            opt.zero_grad()
            torch.nn.functional.mse_loss(net(x), y).backward()
            opt.step()
