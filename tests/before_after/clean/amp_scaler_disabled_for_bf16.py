"""bf16 autocast needs no loss scaling: the `GradScaler` is built disabled, so
`scaler.scale(loss)` is the loss itself and the clip sees the true gradients."""

import torch


def train(model, loader, optimizer):
    scaler = torch.amp.GradScaler("cuda", enabled=False)
    for x, y in loader:
        optimizer.zero_grad(set_to_none=True)
        with torch.autocast("cuda", dtype=torch.bfloat16):
            loss = torch.nn.functional.cross_entropy(model(x), y)
        scaler.scale(loss).backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        scaler.step(optimizer)
        scaler.update()
