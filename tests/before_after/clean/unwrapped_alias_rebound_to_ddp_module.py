import torch
from torch import nn


def build(args):
    """The usual DETR-style setup: the optimizer over the unwrapped model, which the DDP
    wrapper's `.module` hands back (the same parameters)."""
    model = nn.Sequential(nn.Linear(16, 16), nn.ReLU(), nn.Linear(16, 4))
    model_without_ddp = model
    groups = [{"params": [p for n, p in model_without_ddp.named_parameters() if p.requires_grad]}]
    if args.sgd:
        optimizer = torch.optim.SGD(groups, lr=args.lr, momentum=0.9)
    else:
        optimizer = torch.optim.AdamW(groups, lr=args.lr)
    if args.distributed:
        model = torch.nn.parallel.DistributedDataParallel(model, device_ids=[args.gpu])
        model_without_ddp = model.module
    compiled = torch.compile(model_without_ddp)
    model_without_ddp = compiled._orig_mod
    return model, model_without_ddp, optimizer


def train(model, optimizer, loader):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
