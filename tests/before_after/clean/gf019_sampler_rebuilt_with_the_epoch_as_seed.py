from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def train(model, dataset, optimizer, criterion, epochs, base_seed=0):
    for epoch in range(epochs):
        # a new sampler each epoch, seeded by it: a new order each epoch without set_epoch
        sampler = DistributedSampler(dataset, shuffle=True, seed=base_seed + epoch)
        loader = DataLoader(dataset, batch_size=32, sampler=sampler)
        for x, y in loader:
            optimizer.zero_grad()
            criterion(model(x), y).backward()
            optimizer.step()
