import torch
import torch.nn as nn

from schedules import *

model = nn.Linear(8, 2)
optimizer = torch.optim.Adam(model.parameters())
lr_schedule = WarmupInverseSqrt(optimizer, d_model=64, warmup_steps=100)
data = [(torch.randn(16, 8), torch.randint(0, 2, (16,))) for _ in range(5)]

for epoch in range(2):
    for x, y in data:
        lr = lr_schedule.step()  # the rate of this update, set before it
        loss = nn.functional.cross_entropy(model(x), y)
        loss.backward()
        optimizer.step()
        optimizer.zero_grad()
