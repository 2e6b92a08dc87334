# The loader factory is called in each epoch with the epoch, but builds its `DistributedSampler`
# with `seed=0` and never gives it the epoch: every epoch repeats one order. No fix: the loader
# is built inside the epoch loop.
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def get_dataloader(dataset, epoch, batch_size=32):
    print(f"building the loader for epoch {epoch}")
    sampler = DistributedSampler(dataset, seed=0)
    return DataLoader(dataset, batch_size=batch_size, sampler=sampler)


def train(model, dataset, optimizer, criterion, epochs):
    for epoch in range(epochs):
        train_loader = get_dataloader(dataset, epoch)
        for inputs, targets in train_loader:
            optimizer.zero_grad()
            criterion(model(inputs), targets).backward()
            optimizer.step()
