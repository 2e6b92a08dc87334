"""The step waits for a warm-up (`if step > warmup:`) and nothing ever clears: the first step
applies the gradients of every warm-up iteration, and each later one all gradients so far. The
clear goes at the start of the iteration (after the step it would leave the warm-up's sum in
the first step)."""
import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
warmup = 5
step = 0
while step < 50:
    step += 1
    x = torch.randn(16, 4)
    loss = model(x).pow(2).mean()
    loss.backward()
    if step > warmup:
        optimizer.step()
