"""A per-batch `OneCycleLR` after an LBFGS-style closure step."""

import torch


def train(model, loader, optimizer, total_steps):
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=total_steps)
    for x, y in loader:
        def closure():
            optimizer.zero_grad()
            loss = torch.nn.functional.cross_entropy(model(x), y)
            loss.backward()
            return loss
        optimizer.step(closure)
        scheduler.step()
