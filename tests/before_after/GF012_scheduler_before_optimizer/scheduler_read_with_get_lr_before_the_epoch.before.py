import torch
from torch import nn


def train(loader, model, optimizer, lr, architect):
    for x, y in loader:
        architect.unrolled_step(x, y, lr)  # lr is the virtual step size: it must match the optimizer's
        optimizer.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        optimizer.step()


def search(loader, model, architect, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.025, momentum=0.9)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, epochs, eta_min=0.001)
    for epoch in range(epochs):
        scheduler.step()
        # get_lr() outside step() is the next value, not this epoch's: moving the step past it
        # would change what `lr` holds
        lr = scheduler.get_lr()[0]
        train(loader, model, optimizer, lr, architect)
