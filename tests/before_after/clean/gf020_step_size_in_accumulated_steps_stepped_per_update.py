# `updates_per_epoch = len(train_loader) // ACCUM` counts the optimizer steps of an epoch, and
# the scheduler steps with the optimizer, once per accumulation window: the units agree.
import torch
import torch.nn.functional as F

ACCUM = 4


def train(model, train_loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    updates_per_epoch = len(train_loader) // ACCUM
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=3 * updates_per_epoch, gamma=0.5)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(train_loader):
            (F.cross_entropy(model(x), y) / ACCUM).backward()
            if (i + 1) % ACCUM == 0 or i + 1 == len(train_loader):
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
