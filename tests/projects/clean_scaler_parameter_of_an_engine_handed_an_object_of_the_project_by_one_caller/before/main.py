import torch
from timm.utils import NativeScaler

from engine import train_one_epoch
from scaling import ClearingScaler


def main(data_loader, half=False):
    model = torch.nn.Linear(16, 10)
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    if half:
        train_one_epoch(model, data_loader, optimizer, NativeScaler())
    else:
        train_one_epoch(model, data_loader, optimizer, ClearingScaler())
