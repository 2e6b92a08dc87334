from lightning.fabric.utilities.data import _set_sampler_epoch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

loader = DataLoader(dataset, batch_size=32, sampler=DistributedSampler(dataset))
for epoch in range(epochs):
    _set_sampler_epoch(loader, epoch)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
