# DistributedSamplers batched by a BatchSampler, each given the epoch through the BatchSampler's
# `.sampler` (the sampler written inline, or bound to a name).
import torch
from torch.utils.data import BatchSampler, DataLoader, DistributedSampler


def main(model, dataset, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    batch_sampler = BatchSampler(DistributedSampler(dataset), batch_size=32, drop_last=True)
    loader = DataLoader(dataset, batch_sampler=batch_sampler)
    for epoch in range(epochs):
        batch_sampler.sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()


def other(model, dataset, epochs):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sampler = DistributedSampler(dataset)
    batches = BatchSampler(sampler, batch_size=32, drop_last=True)
    loader = DataLoader(dataset, batch_sampler=batches)
    for epoch in range(epochs):
        batches.sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            opt.step()
