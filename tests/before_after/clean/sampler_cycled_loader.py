import itertools

from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler

loader = DataLoader(dataset, batch_size=32, sampler=DistributedSampler(dataset))
for round_ in range(rounds):
    for x, y in itertools.islice(itertools.cycle(loader), steps_per_round):
        optimizer.zero_grad()
        criterion(model(x), y).backward()
        optimizer.step()
