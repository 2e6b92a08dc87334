"""`set_epoch` is called only on the main process, told by a flag (`if is_main_process:`),
by an accelerator's attribute (`if accelerator.is_main_process:`) or by the launcher's
`local_rank in (-1, 0)`: every other rank replays its first epoch's order. The fix gives
every rank the epoch at the top of each loop."""
import torch
import torch.distributed as dist
from accelerate import Accelerator
from torch import nn
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset


def train(model, dataset, epochs):
    rank = dist.get_rank() if dist.is_initialized() else 0
    is_main_process = rank == 0
    sampler = DistributedSampler(dataset, num_replicas=1, rank=rank)
    loader = DataLoader(dataset, batch_size=4, sampler=sampler)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        if is_main_process:
            sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


def finetune(model, dataset, epochs):
    accelerator = Accelerator()
    sampler = DistributedSampler(dataset, num_replicas=1, rank=0)
    loader = DataLoader(dataset, batch_size=4, sampler=sampler)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        if accelerator.is_main_process:
            sampler.set_epoch(epoch)
            accelerator.print(f"epoch {epoch}")
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


def tune(model, dataset, epochs, local_rank):
    sampler = DistributedSampler(dataset, num_replicas=1, rank=0)
    loader = DataLoader(dataset, batch_size=4, sampler=sampler)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        if local_rank in (-1, 0):
            sampler.set_epoch(epoch)
        for x, y in loader:
            opt.zero_grad()
            nn.functional.mse_loss(model(x), y).backward()
            opt.step()


train(nn.Linear(3, 1), TensorDataset(torch.randn(16, 3), torch.randn(16, 1)), 2)
