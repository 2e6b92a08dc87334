import torch
from torch import nn

EPOCHS = 10


def per_step(model, loader):
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
    steps_per_epoch = len(loader)
    max_steps = EPOCHS * steps_per_epoch
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=max_steps)
    batches = iter(loader)
    for step in range(max_steps):
        epoch, i = divmod(step, steps_per_epoch)
        if i == 0:
            batches = iter(loader)
        x, y = next(batches)
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        scheduler.step()


def per_epoch(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    steps_per_epoch = len(loader)
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS)
    batches = iter(loader)
    for step in range(EPOCHS * steps_per_epoch):
        epoch, i = divmod(step, steps_per_epoch)
        if i == 0:
            batches = iter(loader)
        x, y = next(batches)
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        if i == steps_per_epoch - 1:
            scheduler.step()


def every_hundred_steps(model, loader, max_steps):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    steps_per_epoch = len(loader)
    scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=EPOCHS)
    batches = iter(loader)
    for step in range(max_steps):
        epoch, i = divmod(step, steps_per_epoch)
        if i == 0:
            batches = iter(loader)
        x, y = next(batches)
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        if step % 100 == 0:
            scheduler.step()  # its own period: not an epoch's
