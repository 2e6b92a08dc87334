"""The unscale and the clip live together in a helper of the module."""

import torch


def unscale_and_clip(scaler, optimizer, params, max_norm):
    scaler.unscale_(optimizer)
    return torch.nn.utils.clip_grad_norm_(params, max_norm)


def train(model, loader, optimizer, scaler):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        unscale_and_clip(scaler, optimizer, model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
