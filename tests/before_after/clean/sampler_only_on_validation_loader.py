import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

train_loader = DataLoader(train_set, batch_size=32, shuffle=True)
val_loader = DataLoader(val_set, batch_size=64, sampler=DistributedSampler(val_set))
for epoch in range(epochs):
    for x, y in train_loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
    with torch.no_grad():
        for x, y in val_loader:
            metric.update(model(x), y)
