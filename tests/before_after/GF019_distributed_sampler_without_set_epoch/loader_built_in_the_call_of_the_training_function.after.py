# The loader is built right in the call of the training function, over a shuffling
# DistributedSampler; `train` loops over epochs without `set_epoch`: every epoch repeats one order.
import torch
from torch.utils.data import DataLoader, DistributedSampler


def train(model, loader, opt, epochs):
    for epoch in range(epochs):
        if isinstance(loader.sampler, DistributedSampler):
            loader.sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            opt.step()


def main(model, ds, opt, epochs):
    train(model, DataLoader(ds, sampler=DistributedSampler(ds), batch_size=8), opt, epochs)
