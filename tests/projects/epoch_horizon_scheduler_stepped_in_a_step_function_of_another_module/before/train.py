import torch

from engine import train_step

EPOCHS = 4


def run(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)
    for epoch in range(EPOCHS):
        for x, y in loader:
            train_step(model, optimizer, scheduler, x, y)
    return model
