# A data class of the file builds its loader over a `DistributedSampler` in `__init__` and builds
# both again in `new_epoch(epoch)` with `seed=epoch`, which the epoch loop calls first: a new
# order every epoch, no `set_epoch` needed.
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


class ShardedData:
    def __init__(self, train_set, batch_size=64):
        self.train_set, self.batch_size = train_set, batch_size
        self.train_sampler = DistributedSampler(train_set)
        self.train_loader = DataLoader(train_set, batch_size=batch_size, sampler=self.train_sampler)

    def new_epoch(self, epoch):
        self.train_sampler = DistributedSampler(self.train_set, seed=epoch)
        self.train_loader = DataLoader(self.train_set, batch_size=self.batch_size, sampler=self.train_sampler)


def main(model, train_set, optimizer, criterion, epochs):
    data = ShardedData(train_set)
    for epoch in range(epochs):
        data.new_epoch(epoch)
        for inputs, targets in data.train_loader:
            optimizer.zero_grad()
            criterion(model(inputs), targets).backward()
            optimizer.step()
