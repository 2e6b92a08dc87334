import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

sampler = DistributedSampler(dataset)
loader = DataLoader(dataset, batch_size=8, sampler=sampler)
epoch = 0
while epoch < max_epochs:
    sampler.set_epoch(epoch)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    epoch += 1
