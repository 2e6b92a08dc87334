import torch
from torch import nn

model = nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
steps = 0


def train_batch(x, y):
    """One optimizer step on a batch."""
    global steps, optimizer
    optimizer.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    steps += 1


for epoch in range(3):
    for x, y in [(torch.randn(3, 4), torch.randn(3, 2))] * 4:
        train_batch(x, y)
