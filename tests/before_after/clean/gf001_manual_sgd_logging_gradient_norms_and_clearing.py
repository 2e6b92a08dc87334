import torch
import torch.nn as nn
import torch.nn.functional as F


def fit(net: nn.Module, batches, lr: float = 0.1) -> list:
    norms = []
    for inputs, labels in batches:
        loss = F.cross_entropy(net(inputs), labels)
        loss.backward()
        norms.append(max(p.grad.abs().max().item() for p in net.parameters()))
        with torch.no_grad():
            for p in net.parameters():
                p.add_(p.grad, alpha=-lr)
                p.grad = None
    return norms


def fit_logged(w: torch.Tensor, batches) -> None:
    # the log passes the gradient to a function gradfix cannot see into: silent
    for x, y in batches:
        F.cross_entropy(x @ w, y).backward()
        record(w.grad)
        with torch.no_grad():
            w -= 0.1 * w.grad
