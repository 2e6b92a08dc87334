# A DistributedSampler written inline inside the BatchSampler the loader batches with: nothing
# gives it the epoch, so every epoch draws the same order.
import torch
from torch.utils.data import BatchSampler, DataLoader, DistributedSampler


def main(model, dataset, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    batch_sampler = BatchSampler(DistributedSampler(dataset), batch_size=32, drop_last=True)
    loader = DataLoader(dataset, batch_sampler=batch_sampler)
    for epoch in range(epochs):
        loader.batch_sampler.sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
