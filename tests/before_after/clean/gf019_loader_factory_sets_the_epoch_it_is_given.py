# The loader factory builds a new `DistributedSampler` each epoch and gives it the epoch it is
# handed (`sampler.set_epoch(epoch)`) before returning the loader: a new order every epoch.
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def get_dataloader(dataset, epoch, batch_size=32):
    sampler = DistributedSampler(dataset)
    sampler.set_epoch(epoch)
    return DataLoader(dataset, batch_size=batch_size, sampler=sampler)


def train(model, dataset, optimizer, criterion, epochs):
    for epoch in range(epochs):
        train_loader = get_dataloader(dataset, epoch)
        for inputs, targets in train_loader:
            optimizer.zero_grad()
            criterion(model(inputs), targets).backward()
            optimizer.step()
