import torch
from torch.cuda.amp import GradScaler, autocast


def train(model, loader, optimizer):
    scaler = GradScaler()
    for step, (x, y) in enumerate(loader):
        with autocast():
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.zero_grad()
        scaler.step(optimizer)
        scaler.update()
