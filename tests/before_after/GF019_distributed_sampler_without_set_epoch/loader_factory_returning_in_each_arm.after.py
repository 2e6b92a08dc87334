import torch
from torch.utils.data import DataLoader, DistributedSampler


def make_train_loader(dataset, batch_size, world_size):
    if world_size > 1:
        sampler = DistributedSampler(dataset)
        return DataLoader(dataset, batch_size=batch_size, sampler=sampler, drop_last=True)
    return DataLoader(dataset, batch_size=batch_size, shuffle=True, drop_last=True)


def run(net, dataset, world_size, epochs=10):
    batches = make_train_loader(dataset, 16, world_size)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-4)
    for ep in range(epochs):
        if isinstance(batches.sampler, DistributedSampler):
            batches.sampler.set_epoch(ep)
        for inputs, targets in batches:
            loss = torch.nn.functional.mse_loss(net(inputs), targets)
            opt.zero_grad()
            loss.backward()
            opt.step()
