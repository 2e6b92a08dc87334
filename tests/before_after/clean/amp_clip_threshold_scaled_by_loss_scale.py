"""The clip runs on the scaled gradients on purpose, with a threshold scaled the same way
(`max_norm * scaler.get_scale()`): the same clip as unscaling first. An `unscale_` before it
would make the threshold 65536 times too large."""

import torch


def train(model, loader, optimizer, scaler, max_norm=1.0):
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda"):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm * scaler.get_scale())
        scaler.step(optimizer)
        scaler.update()
