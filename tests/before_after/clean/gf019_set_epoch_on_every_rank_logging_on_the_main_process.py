"""Every rank gives its sampler the epoch; only the logging is under `if not rank:`, `if
is_main_process:`, `if accelerator.is_main_process:` or `if local_rank in (-1, 0):`.
Nothing to report."""
import torch
import torch.distributed as dist
from accelerate import Accelerator
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def train(model, dataset, epochs, local_rank):
    accelerator = Accelerator()
    rank = dist.get_rank() if dist.is_initialized() else 0
    is_main_process = rank == 0
    sampler = DistributedSampler(dataset, num_replicas=1, rank=rank)
    loader = DataLoader(dataset, batch_size=4, sampler=sampler)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        sampler.set_epoch(epoch)
        if not rank:
            print(f"epoch {epoch}")
        if is_main_process:
            print("main")
        if accelerator.is_main_process:
            accelerator.print("main")
        if local_rank in (-1, 0):
            print("first")
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


train(nn.Linear(3, 1), TensorDataset(torch.randn(16, 3), torch.randn(16, 1)), 2, 0)
