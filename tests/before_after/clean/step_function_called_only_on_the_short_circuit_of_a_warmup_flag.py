import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)


def train_step(x, y):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


def warm_start():
    probe = torch.optim.Adam(model.parameters(), lr=1e-4)
    probe.zero_grad()
    model(torch.randn(2, 4)).sum().backward()
    probe.step()
    return 0.0


history = []
for i in range(6):
    x, y = torch.randn(3, 4), torch.randn(3, 1)
    history.append(train_step(x, y) if i else warm_start())
