import torch


def build(params, lr=0.1):
    return torch.optim.Adam(params, lr=lr)


def frozen(params, lr=0.1):
    return torch.optim.Adam([p for p in params if p.requires_grad], lr=lr)
