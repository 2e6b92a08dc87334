import torch
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def build_loader(dataset, batch_size, distributed):
    sampler = DistributedSampler(dataset, shuffle=True) if distributed else None
    loader = DataLoader(dataset, batch_size=batch_size, sampler=sampler, shuffle=sampler is None)
    return loader


def main(args, model, dataset):
    train_loader = build_loader(dataset, 32, args.distributed)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(args.epochs):
        for x, y in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
