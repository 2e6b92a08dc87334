import torch


def make_scheduler(optimizer, total):
    return torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=total)
