import torch
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP


def train(model, loader, max_norm=1.0):
    model = FSDP(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-4)
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        model.clip_grad_norm_(max_norm)
        optimizer.step()
