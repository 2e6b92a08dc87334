# Correct: unscale_, clip, then the scaler steps the optimizer (the documented recipe).
import torch
from torch.cuda.amp import GradScaler


def train(model, loader, optimizer):
    scaler = GradScaler()
    for x, y in loader:
        optimizer.zero_grad()
        with torch.cuda.amp.autocast():
            loss = model(x, y)
        scaler.scale(loss).backward()
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
