import torch
from torch.utils.data import DataLoader, TensorDataset
from torch.utils.data.distributed import DistributedSampler


def make_train_loader(n=64, batch_size=8):
    dataset = TensorDataset(torch.randn(n, 4), torch.randint(0, 2, (n,)))
    sampler = DistributedSampler(dataset, num_replicas=1, rank=0)
    return DataLoader(dataset, batch_size=batch_size, sampler=sampler), sampler
