"""`make_optimizer` returns Apex's FusedAdam when asked to: the clear gradfix adds for what it
builds is bare, valid for FusedAdam and for torch's AdamW alike.
"""

import torch
from apex.optimizers import FusedAdam


def make_optimizer(params, fused):
    return FusedAdam(params, lr=1e-3) if fused else torch.optim.AdamW(params, lr=1e-3)


def train(model, loader, fused=False):
    optimizer = make_optimizer(model.parameters(), fused)
    for x, y in loader:
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
