import torch
from torch import nn


def train(c, model: nn.Module, data_loader):
    optimizer = torch.optim.Adam(model.parameters(), lr=c.lr)
    if c.lr_decay:
        scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: min(1.0, (step + 1) / c.warmup_steps))
    else:
        scheduler = None
    for epoch in range(c.epochs):
        for inputs, labels in data_loader:
            if c.lr_decay:
                scheduler.step()
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(inputs), labels)
            loss.backward()
            optimizer.step()
