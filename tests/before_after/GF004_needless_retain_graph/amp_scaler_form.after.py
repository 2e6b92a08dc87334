import torch
from torch.cuda.amp import GradScaler, autocast


def train_epoch(model, loader, optim, scaler: GradScaler):
    for inputs, targets in loader:
        optim.zero_grad()
        with autocast():
            loss = torch.nn.functional.cross_entropy(model(inputs), targets)
        scaler.scale(loss).backward()
        scaler.step(optim)
        scaler.update()
