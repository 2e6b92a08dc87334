# The window steps a OneCycleLR whose horizon counts the last, shorter window too, written
# with the ceiling idiom `-(-n // accum)` (and `(n + accum - 1) // accum`): the tail is
# reported, and the flush (which steps the scheduler once more per epoch, within that horizon)
# is offered as an unsafe fix only.
import torch
from torch import nn


def train(model, loader, epochs, accum_steps=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    windows = -(-len(loader) // accum_steps)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, epochs=epochs, steps_per_epoch=windows)
    criterion = nn.CrossEntropyLoss()
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = criterion(model(x), y) / accum_steps
            loss.backward()
            if (i + 1) % accum_steps == 0:
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()


def train_by_padding(model, loader, epochs, accum_steps=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    total = epochs * ((len(loader) + accum_steps - 1) // accum_steps)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=total)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = nn.functional.cross_entropy(model(x), y) / accum_steps
            loss.backward()
            if (i + 1) % accum_steps == 0:
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
