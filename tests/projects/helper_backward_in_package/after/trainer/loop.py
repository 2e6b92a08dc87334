import torch

from .losses import forward_backward


def fit(model, loader, lr=0.01):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    history = []
    for batch in loader:
        opt.zero_grad(set_to_none=True)
        history.append(forward_backward(model, batch))
        opt.step()
    return history
