import torch
from torch import nn
from torch.optim.lr_scheduler import StepLR

EPOCHS = 4


def train_epoch(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.9)
    scheduler = StepLR(optimizer, step_size=2)
    for x, y in loader:
        optimizer.zero_grad()
        loss = nn.functional.mse_loss(model(x), y)
        loss.backward()
        optimizer.step()
    scheduler.step()


model = nn.Linear(4, 2)
loader = [(torch.randn(8, 4), torch.randn(8, 2))] * 3
for epoch in range(EPOCHS):
    train_epoch(model, loader)
