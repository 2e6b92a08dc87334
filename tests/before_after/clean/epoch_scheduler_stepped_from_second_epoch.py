"""The epoch scheduler is stepped at the top of every epoch but the first: that is the same
as stepping it at the end of each epoch but the last."""

import torch


def train(model, loader, optimizer, epochs):
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=10)
    for epoch in range(epochs):
        if epoch > 0:
            scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
