import torch
from torch.optim.lr_scheduler import StepLR


def scheduler_after_the_new_optimizer(model, loader, plain):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    if plain:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.0)
    scheduler = StepLR(optimizer, 1)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        scheduler.step()


def rebuilt_together(model, loader, fresh):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = StepLR(optimizer, 1)
    if fresh:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
        scheduler = StepLR(optimizer, 1)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        scheduler.step()


def in_other_arms(model, loader, fresh):
    if fresh:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        scheduler = StepLR(optimizer, 1)
    else:
        optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
        scheduler = None
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        if scheduler is not None:
            scheduler.step()


def one_scheduler_per_fold(model, loader, folds):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(folds):
        scheduler = StepLR(optimizer, 1)
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
            scheduler.step()
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


def switch_then_stop(model, loader, epochs, switch_at):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)
    scheduler = StepLR(optimizer, step_size=5, gamma=0.5)
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
        scheduler.step()
        if epoch == switch_at:
            optimizer = torch.optim.SGD(model.parameters(), lr=1e-2, momentum=0.9)
            break
