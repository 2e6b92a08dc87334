"""A batch whose loss is not finite is skipped: its gradients are dropped before the step
(which then moves nothing). The clear between backward and step runs only in that branch."""

import torch


def train(model, loader, optimizer):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        loss = torch.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        if not torch.isfinite(loss):
            optimizer.zero_grad(set_to_none=True)
            continue
        optimizer.step()
