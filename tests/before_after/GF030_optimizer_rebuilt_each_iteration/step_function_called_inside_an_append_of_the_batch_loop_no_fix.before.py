import torch
from torch import nn


def train_step(model, x, y):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


model = nn.Linear(8, 1)
losses = []
for x, y in [(torch.randn(4, 8), torch.randn(4, 1)) for _ in range(3)]:
    losses.append(train_step(model, x, y))  # a new Adam on every batch
print(sum(losses) / len(losses))
