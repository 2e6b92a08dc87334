import torch
from torch.optim import lr_scheduler

EPOCHS = 4


def fit(model, loader, optimizer):
    for epoch in range(EPOCHS):
        one_cycle = lr_scheduler.OneCycleLR(optimizer, max_lr=0.1, epochs=EPOCHS, steps_per_epoch=len(loader))
        cosine = lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS * len(loader))
        per_pass = lr_scheduler.CosineAnnealingLR(optimizer, T_max=len(loader))
        for x, y in loader:
            optimizer.zero_grad()
            torch.nn.functional.mse_loss(model(x), y).backward()
            optimizer.step()
            one_cycle.step()
            cosine.step()
            per_pass.step()


def staged(model, loader, optimizer, stages):
    for stage in range(3):
        stage_cosine = lr_scheduler.CosineAnnealingLR(optimizer, T_max=EPOCHS * len(loader))
        for epoch in range(EPOCHS):
            for x, y in loader:
                optimizer.zero_grad()
                torch.nn.functional.mse_loss(model(x), y).backward()
                optimizer.step()
                stage_cosine.step()
