# A `while` epoch loop takes batches with `next()` until `StopIteration`: each new
# `iter(loader)` repeats the first epoch's order. The fix reads the sampler the loader holds.
import torch
from torch.utils.data import DataLoader, DistributedSampler


def train(model, dataset, epochs, opt):
    loader = DataLoader(dataset, batch_size=32, sampler=DistributedSampler(dataset))
    epoch = 0
    while epoch < epochs:
        loader.sampler.set_epoch(epoch)
        batches = iter(loader)
        while True:
            try:
                x, y = next(batches)
            except StopIteration:
                break
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
        epoch += 1
