"""A factory that may build an ExponentialLR (the same rates when rebuilt), and a loop that runs
once: GF025 stays silent."""
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR, ExponentialLR


def build_scheduler(optimizer, kind, epochs):
    if kind == "cosine":
        return CosineAnnealingLR(optimizer, T_max=epochs)
    return ExponentialLR(optimizer, gamma=0.9)


def train(model, loader, kind="cosine", epochs=9):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for epoch in range(epochs):
        scheduler = build_scheduler(optimizer, kind, epochs)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        scheduler.step()
    for probe in range(3):
        once = CosineAnnealingLR(optimizer, T_max=epochs)
        once.step()
        break
