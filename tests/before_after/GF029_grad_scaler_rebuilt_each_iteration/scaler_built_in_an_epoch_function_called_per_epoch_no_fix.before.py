import torch
import torch.nn.functional as F
from torch.amp import GradScaler


def fine_tune(model, optimizer, loader):
    scaler = GradScaler("cuda")
    for x, y in loader:
        optimizer.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        scaler.step(optimizer)
        scaler.update()


def each_epoch(model, optimizer, loader, epochs):
    for epoch in range(epochs):
        fine_tune(model, optimizer, loader)
