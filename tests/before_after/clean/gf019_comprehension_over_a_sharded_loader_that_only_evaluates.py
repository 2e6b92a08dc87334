import torch
from torch.utils.data import DataLoader, DistributedSampler


def score(model, batch):
    x, y = batch
    with torch.no_grad():
        return torch.nn.functional.mse_loss(model(x), y).item()


def train_batch(model, optimizer, batch):
    x, y = batch
    optimizer.zero_grad(set_to_none=True)
    torch.nn.functional.mse_loss(model(x), y).backward()
    optimizer.step()


def run(model, train_set, val_set, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    train_sampler = DistributedSampler(train_set)
    train_loader = DataLoader(train_set, batch_size=16, sampler=train_sampler)
    val_loader = DataLoader(val_set, batch_size=16, sampler=DistributedSampler(val_set))
    for epoch in range(epochs):
        train_sampler.set_epoch(epoch)
        for batch in train_loader:
            train_batch(model, optimizer, batch)
        # the evaluation's order does not matter: its sampler needs no epoch
        scores = [score(model, batch) for batch in val_loader]
        print(epoch, sum(scores) / len(scores))
