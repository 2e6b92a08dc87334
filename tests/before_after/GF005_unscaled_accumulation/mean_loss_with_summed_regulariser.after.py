import torch
from torch import nn


def fit(model, loader, accum_steps=4):
    opt = torch.optim.SGD(model.parameters(), lr=1e-2)
    for i, (x, y) in enumerate(loader):
        penalty = sum(p.pow(2).sum() for p in model.parameters())
        loss = nn.functional.mse_loss(model(x), y) + 1e-4 * penalty
        (loss / accum_steps).backward()
        if (i + 1) % accum_steps == 0 or i + 1 == len(loader):
            opt.step()
            opt.zero_grad(set_to_none=True)
