import torch
from torch import nn, optim

model = nn.Linear(8, 1)
data = [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(6)]

optimizer = optim.Adam(model.parameters(), lr=1e-3)
cosine = optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=10)
scaler = torch.amp.GradScaler("cpu")

# %%
optimizer = optim.Adam(model.parameters(), lr=3e-4, betas=(0.9, 0.95))

# %%
for epoch in range(10):
    for x, y in data:
        optimizer.zero_grad()
        scaler.scale(nn.functional.mse_loss(model(x), y)).backward()
        scaler.step(optimizer)
        scaler.update()
    cosine.step()
