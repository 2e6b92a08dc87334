import torch
from torch import nn

model = nn.Linear(8, 1)
optimizer = torch.optim.Adam(model.parameters())
scaler = torch.amp.GradScaler("cuda")
loader = [(torch.randn(4, 8), torch.randn(4, 1))] * 3

for x, y in loader:
    optimizer.zero_grad()
    with torch.autocast("cuda", dtype=torch.float16):
        loss = nn.functional.mse_loss(model(x), y)
    scaler.scale(loss).backward()
    scaler.step
    scaler.update()
