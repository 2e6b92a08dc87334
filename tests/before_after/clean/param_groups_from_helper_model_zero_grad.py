"""The optimizer's parameter groups (decay / no decay) are built by a helper from the model's
named parameters: every parameter it steps is the model's, and `model.zero_grad()` clears
them all."""

import torch


def param_groups(model, weight_decay):
    decay, no_decay = [], []
    for name, p in model.named_parameters():
        (no_decay if p.ndim < 2 else decay).append(p)
    return [{"params": decay, "weight_decay": weight_decay}, {"params": no_decay, "weight_decay": 0.0}]


def train(model, loader):
    optimizer = torch.optim.AdamW(param_groups(model, 0.01), lr=1e-3)
    for x, y in loader:
        model.zero_grad(set_to_none=True)
        torch.nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()
