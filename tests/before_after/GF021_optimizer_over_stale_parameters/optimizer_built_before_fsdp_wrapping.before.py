import torch
import torch.distributed as dist
from torch.distributed.fsdp import FullyShardedDataParallel as FSDP


def main(build_model, loader, epochs):
    dist.init_process_group("nccl")
    model = build_model().cuda()
    optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.1)
    model = FSDP(model, use_orig_params=False)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            torch.nn.functional.cross_entropy(model(x.cuda()), y.cuda()).backward()
            optimizer.step()
