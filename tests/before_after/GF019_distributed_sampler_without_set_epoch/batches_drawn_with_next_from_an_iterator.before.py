# Each epoch draws a fixed number of batches with `next()` from a fresh `iter(loader)`: the
# sampler is asked for its permutation again, but never given the epoch.
import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

sampler = DistributedSampler(train_data)
loader = DataLoader(train_data, batch_size=8, sampler=sampler)
steps = config["steps_per_epoch"]
for epoch in range(config["epochs"]):
    batch_iter = iter(loader)
    for step in range(steps):
        features, labels = next(batch_iter)
        optimizer.zero_grad()
        criterion(net(features), labels).backward()
        optimizer.step()
