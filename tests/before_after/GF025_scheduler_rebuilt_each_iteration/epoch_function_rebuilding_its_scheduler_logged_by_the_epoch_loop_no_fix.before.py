import torch
from torch import nn


def train_epoch(model, optimizer, batches):
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=3)
    total = 0.0
    for x, y in batches:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
        total += loss.item()
    scheduler.step()
    return total / len(batches)


model = nn.Linear(2, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(4, 2), torch.randn(4, 1)) for _ in range(4)]
log = {}
for epoch in range(3):
    log[epoch] = round(train_epoch(model, optimizer, batches), 4)
