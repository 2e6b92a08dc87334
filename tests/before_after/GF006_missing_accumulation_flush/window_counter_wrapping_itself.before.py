import torch
from torch import nn


def train_one_epoch(model, optimizer, loader, grad_accum):
    model.train()
    micro = 0
    optimizer.zero_grad()
    for images, targets in loader:
        micro = (micro + 1) % grad_accum
        sync_now = micro == 0
        loss = nn.functional.cross_entropy(model(images), targets) / grad_accum
        loss.backward()
        if sync_now:
            nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
