import torch
from torch import nn

model = nn.Linear(8, 1)
opt = torch.optim.AdamW(model.parameters(), lr=2e-3)
scaler = torch.amp.GradScaler("cuda")
for step in range(100):
    x = torch.randn(16, 8, device="cuda")
    with torch.autocast("cuda", dtype=torch.float16):
        loss = model(x).pow(2).mean()
    opt.zero_grad()
    scaler.scale(loss).backward()
    scaler.step(opt)
    scaler.update()
