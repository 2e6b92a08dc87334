import torch
from torch import nn

from engine import train_step

model = nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu", enabled=False)
for x, y in [(torch.randn(8, 4), torch.randn(8, 2))] * 4:
    train_step(model, opt, scaler, x, y)
