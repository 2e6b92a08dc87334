import torch
from torch import nn


def train(loader, model, optimizer, lr, architect):
    for x, y in loader:
        architect.unrolled_step(x, y, lr)
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


def search(loader, model, architect, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.025, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, epochs, eta_min=0.001)
    for epoch in range(epochs):
        scheduler.step()
        lr = scheduler.get_last_lr()[0]
        print(f"epoch {epoch}: lr {lr:.5f}")
        train(loader, model, optimizer, lr, architect)
