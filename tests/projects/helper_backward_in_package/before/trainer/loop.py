import torch

from .losses import forward_backward


def fit(model, loader, lr=0.01):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    history = []
    for batch in loader:
        history.append(forward_backward(model, batch))
        opt.step()
    return history
