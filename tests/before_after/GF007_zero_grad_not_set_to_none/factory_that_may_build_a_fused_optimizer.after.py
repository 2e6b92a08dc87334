"""`build_optimizer` may return Apex's FusedAdam, whose zero_grad() takes no argument: the clear
of what it builds stays as it is, whichever branch runs. `build_sgd` only ever returns torch's
SGD: the clear of what it builds gets `set_to_none=True`.
"""

import torch

try:
    from apex.optimizers import FusedAdam
except ImportError:
    FusedAdam = None


def build_optimizer(model, name):
    if name == "fused_adam" and FusedAdam is not None:
        return FusedAdam(model.parameters(), lr=1e-3)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    return optimizer


def build_sgd(model):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    return optimizer


def train(model, loader, name):
    optimizer = build_optimizer(model, name)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def finetune(model, loader):
    optimizer = build_sgd(model)
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
