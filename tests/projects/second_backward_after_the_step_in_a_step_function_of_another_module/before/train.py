import torch
from torch import nn

from engine import train_step

model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
opt = torch.optim.SGD(model.parameters(), lr=0.1)
data = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(5)]
for x, y in data:
    train_step(model, opt, x, y)
