"""The scaler is built once and handed to the step with the batch spread after it."""
import torch
from torch import nn


def amp_step(model, optimizer, scaler, x, y):
    optimizer.zero_grad()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()
    return loss.item()


model = nn.Linear(4, 2)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
scaler = torch.amp.GradScaler("cpu")
for batch in [(torch.randn(3, 4), torch.randn(3, 2)) for _ in range(4)]:
    amp_step(model, optimizer, scaler, *batch)
