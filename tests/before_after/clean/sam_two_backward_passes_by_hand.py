"""Sharpness-aware minimization written out: the first backward's gradients are read to
perturb the weights, cleared, and the second backward at the perturbed point gives the
gradients the step applies (after the perturbation is undone)."""

import torch


def train(model, loader, optimizer, rho=0.05):
    params = [p for p in model.parameters() if p.requires_grad]
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        with torch.no_grad():
            norm = torch.norm(torch.stack([p.grad.norm() for p in params if p.grad is not None]))
            eps = [rho * p.grad / (norm + 1e-12) if p.grad is not None else None for p in params]
            for p, e in zip(params, eps):
                if e is not None:
                    p.add_(e)
        optimizer.zero_grad()
        torch.nn.functional.cross_entropy(model(x), y).backward()
        with torch.no_grad():
            for p, e in zip(params, eps):
                if e is not None:
                    p.sub_(e)
        optimizer.step()
