import torch
from torch import nn
from warmup_scheduler import GradualWarmupScheduler


def train(model: nn.Module, loader, max_epochs: int = 100) -> None:
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    after = torch.optim.lr_scheduler.StepLR(optimizer, step_size=50, gamma=0.1)
    warmup = GradualWarmupScheduler(optimizer, multiplier=1, total_epoch=10, after_scheduler=after)
    # a step without gradients first: the warmup starts at 0 and is stepped at the top of each epoch
    optimizer.zero_grad()
    optimizer.step()
    for epoch in range(max_epochs):
        warmup.step()
        model.train()
        for images, targets in loader:
            optimizer.zero_grad()
            loss = nn.functional.cross_entropy(model(images), targets)
            loss.backward()
            optimizer.step()
