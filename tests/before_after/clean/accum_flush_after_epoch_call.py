"""The accumulation loop is one epoch in its own function; the caller flushes what is left
of the last window right after each call (and steps the epoch's scheduler), so no leftover
micro-batch is lost."""

import torch


def train_epoch(model, loader, optimizer, accum_steps):
    for i, (x, y) in enumerate(loader):
        (torch.nn.functional.cross_entropy(model(x), y) / accum_steps).backward()
        if (i + 1) % accum_steps == 0:
            optimizer.step()
            optimizer.zero_grad()


def train(model, loader, optimizer, epochs, accum_steps=4):
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, epochs)
    for epoch in range(epochs):
        train_epoch(model, loader, optimizer, accum_steps)
        optimizer.step()
        optimizer.zero_grad()
        scheduler.step()
