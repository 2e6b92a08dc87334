import torch
from torch.optim.lr_scheduler import MultiStepLR, ReduceLROnPlateau


def train(model, loader, val_loader, epochs, start_epoch):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    plateau = ReduceLROnPlateau(optimizer, "min")
    lr_scheduler = MultiStepLR(optimizer, milestones=[30, 60])
    lr_scheduler.step(start_epoch)  # resume the schedule
    val_loss = float("inf")
    for epoch in range(start_epoch, epochs):
        plateau.step(val_loss)
        for x, y in loader:
            optimizer.zero_grad()
            loss = torch.nn.functional.mse_loss(model(x), y)
            loss.backward()
            optimizer.step()
        lr_scheduler.step()
        val_loss = evaluate(model, val_loader)


def warmup_gate(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, 10)
    for epoch in range(epochs):
        if epoch > 0:
            scheduler.step()
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
