import torch
from torch import nn


def train_one_epoch(model, loader, optimizer, accum_steps=4):
    last_idx = len(loader) - 1
    optimizer.zero_grad()
    for batch_idx, (x, y) in enumerate(loader):
        last_batch = batch_idx == last_idx
        need_update = last_batch or (batch_idx + 1) % accum_steps == 0
        loss = nn.functional.cross_entropy(model(x), y)
        loss = loss / accum_steps
        loss.backward()
        if need_update:
            optimizer.step()
        if not need_update:
            continue
        optimizer.zero_grad()
