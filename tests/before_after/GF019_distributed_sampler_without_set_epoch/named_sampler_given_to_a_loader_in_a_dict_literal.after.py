import torch
from torch.utils.data import DataLoader, DistributedSampler


def train(net, train_set, val_set, epochs):
    opt = torch.optim.SGD(net.parameters(), lr=0.1)
    train_sampler = DistributedSampler(train_set)
    data = {
        "train": DataLoader(train_set, batch_size=32, sampler=train_sampler),
        "val": DataLoader(val_set, batch_size=64),
    }
    epoch = 0
    while epoch < epochs:
        train_sampler.set_epoch(epoch)
        for images, labels in data["train"]:
            opt.zero_grad()
            torch.nn.functional.cross_entropy(net(images), labels).backward()
            opt.step()
        epoch += 1
