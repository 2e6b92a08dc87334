# The sampler is given the epoch before each epoch's `iter(loader)`, from which the batch
# loop draws with `next()`: a new order every epoch.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

sampler = DistributedSampler(train_data)
loader = DataLoader(train_data, batch_size=8, sampler=sampler)
for epoch in range(config["epochs"]):
    sampler.set_epoch(epoch)
    batch_iter = iter(loader)
    for step in range(config["steps_per_epoch"]):
        features, labels = next(batch_iter)
        optimizer.zero_grad()
        criterion(net(features), labels).backward()
        optimizer.step()
