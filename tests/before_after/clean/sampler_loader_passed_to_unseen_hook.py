from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

from callbacks import on_epoch_start

sampler = DistributedSampler(dataset)
loader = DataLoader(dataset, batch_size=32, sampler=sampler)
for epoch in range(epochs):
    on_epoch_start(loader, epoch)
    for x, y in loader:
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
