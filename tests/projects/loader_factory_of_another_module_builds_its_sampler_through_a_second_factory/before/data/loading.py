import torch
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def make_dataset(n=32, seed=0):
    g = torch.Generator().manual_seed(seed)
    return TensorDataset(torch.randn(n, 3, generator=g), torch.randn(n, 1, generator=g))


def make_sampler(dataset, drop_last=False):
    return DistributedSampler(dataset, num_replicas=1, rank=0, drop_last=drop_last)


def make_loader(dataset, batch_size=8):
    return DataLoader(dataset, batch_size=batch_size, sampler=make_sampler(dataset))
