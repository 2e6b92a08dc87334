# torch's `DataLoader` has no `set_epoch`: the guarded call never runs and the sampler keeps
# its first epoch. The fix gives the sampler the epoch at the top of the loop.
import torch
from torch.utils.data import DataLoader, DistributedSampler


def fit(model, train_set, optimizer, epochs=10):
    train_sampler = DistributedSampler(train_set)
    train_loader = DataLoader(train_set, batch_size=64, sampler=train_sampler, drop_last=True)
    for epoch in range(epochs):
        train_sampler.set_epoch(epoch)
        if hasattr(train_loader, "set_epoch"):
            train_loader.set_epoch(epoch)
        for batch in train_loader:
            optimizer.zero_grad()
            loss = model(**batch).loss
            loss.backward()
            optimizer.step()
