import torch
from torch import nn
from torch.nn import functional as F


def train(model: nn.Module, loader, max_norm: float = 1.0):
    params = [p for p in model.parameters() if p.requires_grad]
    flat = torch.zeros(sum(p.numel() for p in params))
    offset = 0
    for p in params:
        p.grad = flat[offset : offset + p.numel()].view_as(p)  # each gradient lives in `flat`
        offset += p.numel()
    optimizer = torch.optim.SGD(params, lr=0.1, momentum=0.9)
    for x, y in loader:
        optimizer.zero_grad(set_to_none=False)  # keep the views: backward adds into them
        F.cross_entropy(model(x), y).backward()
        norm = flat.norm()
        if norm > max_norm:
            flat.mul_(max_norm / norm)
        optimizer.step()
