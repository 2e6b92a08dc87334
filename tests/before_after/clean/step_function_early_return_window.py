import torch
from torch import nn

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(10)]
ACCUM = 4


def train_step(x, y, step):
    loss = nn.functional.mse_loss(model(x), y) / ACCUM
    loss.backward()
    if (step + 1) % ACCUM != 0:
        return loss.item()
    optimizer.step()
    optimizer.zero_grad()  # after the window's step: it clears once per window
    return loss.item()


for epoch in range(3):
    for i, (x, y) in enumerate(loader):
        train_step(x, y, i)
    if len(loader) % ACCUM:
        optimizer.step()
        optimizer.zero_grad()
