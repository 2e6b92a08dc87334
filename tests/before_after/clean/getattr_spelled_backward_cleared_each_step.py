"""`getattr(loss, "backward")()` in a step-counted loop that clears before each forward: correct."""
import torch
from torch import nn

model = nn.Linear(5, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
for step in range(8):
    opt.zero_grad()
    loss = model(torch.randn(4, 5)).pow(2).mean()
    getattr(loss, "backward")()
    opt.step()
