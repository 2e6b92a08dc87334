import math

import torch


def amp_step(model, optimizer, batch):
    scaler = torch.amp.GradScaler("cuda")
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = model(batch).float().mean()
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return loss.item()


def train(model, optimizer, loader):
    for batch in loader:
        assert math.isfinite(amp_step(model, optimizer, batch)), "diverged"
