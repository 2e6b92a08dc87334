# `updates_per_epoch = math.ceil(len(train_loader) / accum_steps)` counts the optimizer steps of
# an epoch: `StepLR(step_size=3 * updates_per_epoch)` is a horizon in steps, but the scheduler
# steps once per epoch, so it decays 3 * updates_per_epoch epochs later than meant.
import math

import torch
import torch.nn.functional as F


def train(model, train_loader, epochs, accum_steps=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    updates_per_epoch = math.ceil(len(train_loader) / accum_steps)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=3 * updates_per_epoch, gamma=0.5)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(train_loader):
            (F.cross_entropy(model(x), y) / accum_steps).backward()
            if (i + 1) % accum_steps == 0 or i + 1 == len(train_loader):
                optimizer.step()
                optimizer.zero_grad()
        scheduler.step()
