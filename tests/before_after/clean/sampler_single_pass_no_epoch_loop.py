from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

sampler = DistributedSampler(dataset)
loader = DataLoader(dataset, batch_size=32, sampler=sampler)
for step, (x, y) in enumerate(loader):
    optimizer.zero_grad()
    criterion(model(x), y).backward()
    optimizer.step()
