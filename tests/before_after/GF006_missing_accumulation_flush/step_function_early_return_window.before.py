import torch
from torch import nn

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(10)]
accumulation_steps = 4


def train_step(x, y, i):
    loss = nn.functional.mse_loss(model(x), y) / accumulation_steps
    loss.backward()
    if (i + 1) % accumulation_steps != 0:
        return
    optimizer.step()
    optimizer.zero_grad()


for epoch in range(3):
    for i, (x, y) in enumerate(loader):
        train_step(x, y, i)
