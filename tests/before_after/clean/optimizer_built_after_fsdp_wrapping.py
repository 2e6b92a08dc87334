import torch
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP
from torch.distributed.fsdp import fully_shard


def train_fsdp1(build_model, loader):
    model = FSDP(build_model().cuda())
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda()).backward()
        optimizer.step()


def train_fsdp2(model, batches, steps):
    for block in model.blocks:
        fully_shard(block)
    fully_shard(model)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for step in range(steps):
        x, y = next(batches)
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
