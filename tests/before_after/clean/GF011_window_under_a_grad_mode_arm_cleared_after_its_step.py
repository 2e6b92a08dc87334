"""The micro-batch in an `if torch.is_grad_enabled():` arm, the loss divided by the count, the
clear right after the window's step, and a flush of the leftover micro-batches: correct. Silent."""
import torch
from torch import nn


def fit(model, loader, accum=4):
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    for n, (x, y) in enumerate(loader, 1):
        if torch.is_grad_enabled():
            (nn.functional.cross_entropy(model(x), y) / accum).backward()
            if n % accum == 0:
                opt.step()
                opt.zero_grad(set_to_none=True)
        else:
            model(x)
    if len(loader) % accum != 0:
        opt.step()
        opt.zero_grad(set_to_none=True)


fit(nn.Linear(3, 2), [(torch.randn(2, 3), torch.tensor([0, 1]))] * 6)
