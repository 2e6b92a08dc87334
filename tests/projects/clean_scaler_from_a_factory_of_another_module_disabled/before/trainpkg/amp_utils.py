import torch


def make_scaler(enabled):
    return torch.cuda.amp.GradScaler(enabled=enabled)
