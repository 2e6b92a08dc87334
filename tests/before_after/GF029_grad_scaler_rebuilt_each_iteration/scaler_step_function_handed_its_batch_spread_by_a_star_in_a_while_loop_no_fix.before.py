"""A scaler built on every call of a step function a while loop hands its batch as `*batch`."""
import functools

import torch
from torch import nn


def amp_step(model, optimizer, x, y):
    scaler = torch.amp.GradScaler("cpu")
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return loss.item()


torch.manual_seed(0)
model = nn.Linear(4, 2)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
batches = [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(5)]
step = 0
while step < len(batches):
    loss = amp_step(model, optimizer, *batches[step])
    step += 1
