import torch
import torch.distributed as dist
from torch.utils.data import DataLoader
from torch.utils.data.distributed import DistributedSampler


def train(args, model, dataset):
    train_sampler = DistributedSampler(dataset) if args.distributed else None
    train_loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=(train_sampler is None), sampler=train_sampler)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr)
    for epoch in range(args.start_epoch, args.epochs):
        for images, target in train_loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(images), target).backward()
            optimizer.step()
