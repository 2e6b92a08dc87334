import torch
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def make_loaders(batch_size, world_size=1, rank=0):
    data = TensorDataset(torch.randn(256, 8), torch.randint(0, 3, (256,)))
    sampler = DistributedSampler(data, num_replicas=world_size, rank=rank, shuffle=True)
    return DataLoader(data, batch_size=batch_size, sampler=sampler), DataLoader(data, batch_size=batch_size)
