# The data module's `set_epoch` forwards the epoch to its sampler, and the prepared loader of
# the second run is Accelerate's, which has a `set_epoch` of its own.
import torch
from accelerate import Accelerator
from torch.utils.data import DataLoader, DistributedSampler


class ShardedData:
    def __init__(self, dataset, batch_size):
        self.sampler = DistributedSampler(dataset)
        self.loader = DataLoader(dataset, batch_size=batch_size, sampler=self.sampler)

    def set_epoch(self, epoch):
        self.sampler.set_epoch(epoch)


def train(model, dataset, opt, epochs):
    data = ShardedData(dataset, 16)
    for epoch in range(epochs):
        data.set_epoch(epoch)
        for x, y in data.loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()


def train_accelerated(model, dataset, opt, epochs):
    accelerator = Accelerator()
    loader = DataLoader(dataset, batch_size=16, sampler=DistributedSampler(dataset))
    model, opt, loader = accelerator.prepare(model, opt, loader)
    for epoch in range(epochs):
        if hasattr(loader, "set_epoch"):
            loader.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            accelerator.backward(torch.nn.functional.mse_loss(model(x), y))
            opt.step()
