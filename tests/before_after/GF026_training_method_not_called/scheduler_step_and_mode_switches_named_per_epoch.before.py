import torch
from torch import nn
from torch.optim.lr_scheduler import CosineAnnealingLR


def train(model, loader, val_loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    schedule = CosineAnnealingLR(optimizer, T_max=epochs)
    for epoch in range(epochs):
        model.train
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
        schedule.step
        model.eval
        with torch.no_grad():
            correct = sum((model(x).argmax(1) == y).sum().item() for x, y in val_loader)
        print(epoch, correct)
