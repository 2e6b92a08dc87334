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


model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
for i in range(5):
    x, y = torch.randn(3, 4), torch.randn(3, 2)
    print(f"step {i}: {amp_step(model, optimizer, x, y):.4f}")
