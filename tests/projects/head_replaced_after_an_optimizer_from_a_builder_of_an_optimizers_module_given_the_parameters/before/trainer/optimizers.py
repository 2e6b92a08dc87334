import torch


def build(params, lr=0.1):
    return torch.optim.Adam(params, lr=lr)
