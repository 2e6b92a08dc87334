"""Gradient statistics kept in per-name lists made by `setdefault`, read where the gradients hold
one batch only: cleared at the start of each iteration, cleared by the optimizer before each
backward, or kept in a dict made afresh by each iteration and cleared after the read."""

import torch.nn.functional as F


class GradMonitor:
    def __init__(self, model):
        self.model = model
        self.history = {}

    def run(self, loader):
        for inputs, targets in loader:
            self.model.zero_grad(set_to_none=True)
            F.cross_entropy(self.model(inputs), targets).backward()
            for name, param in self.model.named_parameters():
                self.history.setdefault(name, []).append(param.grad.norm().item())
        return self.history


def train_with_stats(model, loader, opt):
    stats = {}
    for inputs, targets in loader:
        opt.zero_grad(set_to_none=True)
        F.mse_loss(model(inputs), targets).backward()
        for name, param in model.named_parameters():
            stats.setdefault(name, []).append(param.grad.abs().mean())
        opt.step()
    return stats


def last_batch_stats(model, loader):
    last = None
    for inputs, targets in loader:
        stats = {}
        F.mse_loss(model(inputs), targets).backward()
        for name, param in model.named_parameters():
            stats.setdefault(name, []).append(param.grad.abs().mean())
        last = stats
        model.zero_grad(set_to_none=True)
    return last
