import torch
from torch import nn


def train_epoch(model, optimizer, loader, accum=4):
    skipped = 0
    for i, (x, y) in enumerate(loader):
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y) / accum
        loss.backward()
        if (i + 1) % accum == 0:
            norm = nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            if not torch.isfinite(norm):
                skipped += 1
                continue
            optimizer.step()
    return skipped
