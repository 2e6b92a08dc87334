import torch
from torch import nn


def solve(model, loader, epochs, scheduler_gamma=0.5):
    optim = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.ExponentialLR(optim, gamma=scheduler_gamma) if scheduler_gamma else None
    for epoch in range(epochs):
        # every step after the first epoch's optimizer steps: PyTorch's order
        if scheduler is not None and epoch:
            scheduler.step()
        for x, y in loader:
            optim.zero_grad(set_to_none=True)
            nn.functional.mse_loss(model(x), y).backward()
            optim.step()
