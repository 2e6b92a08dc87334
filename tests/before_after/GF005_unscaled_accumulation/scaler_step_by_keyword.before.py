import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cuda")
data = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(8)]
accum_freq = 4

for epoch in range(2):
    for batch_id, (x, y) in enumerate(data):
        with torch.autocast("cuda", dtype=torch.float16):
            loss = nn.functional.mse_loss(model(x), y)
        scaler.scale(loss).backward()
        if (batch_id + 1) % accum_freq == 0:
            scaler.step(optimizer=optimizer)
            scaler.update()
            optimizer.zero_grad()
