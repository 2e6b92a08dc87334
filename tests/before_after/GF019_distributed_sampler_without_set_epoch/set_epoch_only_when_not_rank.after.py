"""`set_epoch` is called only under `if not rank:` (rank 0, written as a truth test): every
other rank replays its first epoch's order. The fix gives every rank the epoch at the top of
the loop."""
import torch
import torch.distributed as dist
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def train(model, dataset, epochs):
    rank = dist.get_rank() if dist.is_initialized() else 0
    sampler = DistributedSampler(dataset, num_replicas=1, rank=rank)
    loader = DataLoader(dataset, batch_size=4, sampler=sampler)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        if not rank:
            sampler.set_epoch(epoch)
            print(f"epoch {epoch}")
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


train(nn.Linear(3, 1), TensorDataset(torch.randn(16, 3), torch.randn(16, 1)), 2)
