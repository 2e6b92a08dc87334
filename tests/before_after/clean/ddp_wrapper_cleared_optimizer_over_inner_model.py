"""The optimizer is built over the model's parameters, the loop runs and clears the DDP
wrapper: DDP owns exactly the wrapped model's parameters, so the clear covers the step."""

import torch
from torch.nn.parallel import DistributedDataParallel as DDP


def train(model, loader, rank):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    ddp_model = DDP(model, device_ids=[rank])
    for x, y in loader:
        ddp_model.zero_grad()
        torch.nn.functional.cross_entropy(ddp_model(x), y).backward()
        optimizer.step()
