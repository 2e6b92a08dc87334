"""AMP with accumulation: the window's end is a flag (`sync_gradients`); the unscale, clip,
step, update and clear all run on it, and a flush after the loop steps the partial window."""

import torch


def train(model, loader, optimizer, scaler, accum_steps=4):
    for i, (x, y) in enumerate(loader):
        with torch.autocast("cuda", dtype=torch.float16):
            loss = torch.nn.functional.cross_entropy(model(x), y) / accum_steps
        scaler.scale(loss).backward()
        sync_gradients = (i + 1) % accum_steps == 0
        if sync_gradients:
            scaler.unscale_(optimizer)
            torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
            scaler.step(optimizer)
            scaler.update()
            optimizer.zero_grad(set_to_none=True)
    if (i + 1) % accum_steps != 0:
        scaler.unscale_(optimizer)
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
        optimizer.zero_grad(set_to_none=True)
