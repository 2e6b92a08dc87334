import torch
from torch.optim.lr_scheduler import CosineAnnealingLR


def wrapped(model, loader, Lookahead, accelerator):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = CosineAnnealingLR(optimizer, 10)
    optimizer = Lookahead(optimizer)  # shares the parameter groups the scheduler writes
    optimizer = accelerator.prepare(optimizer)
    for x, y in loader:
        optimizer.zero_grad()
        accelerator.backward(torch.nn.functional.mse_loss(model(x), y))
        optimizer.step()
        scheduler.step()


def leaves_before_training(model, loader, probe):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = CosineAnnealingLR(optimizer, 10)
    if probe:
        optimizer = torch.optim.SGD(model.parameters(), lr=1e-5)
        return optimizer
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        scheduler.step()


def second_stage_without_the_schedule(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = CosineAnnealingLR(optimizer, 10)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        scheduler.step()
    optimizer = torch.optim.SGD(model.head.parameters(), lr=0.01)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()


def rate_copied_by_hand(model, loader):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
    scheduler = CosineAnnealingLR(optimizer, 10)
    old = optimizer
    optimizer = torch.optim.Adam(model.parameters(), lr=0.1)
    for x, y in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
        scheduler.step()
        for group in optimizer.param_groups:
            group["lr"] = old.param_groups[0]["lr"]


class TwoOptimizers:
    def __init__(self, model):
        self.model = model
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.scheduler = CosineAnnealingLR(self.optimizer, 10)

    def reset(self):
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)
        self.scheduler = CosineAnnealingLR(self.optimizer, 10)

    def fit(self, loader):
        for x, y in loader:
            self.optimizer.zero_grad()
            torch.nn.functional.mse_loss(self.model(x), y).backward()
            self.optimizer.step()
            self.scheduler.step()
