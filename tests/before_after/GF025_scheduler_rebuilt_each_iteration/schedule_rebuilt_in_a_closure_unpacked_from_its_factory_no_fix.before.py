import torch
from torch import nn


def make_steps(net, lr):
    optimizer = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)
    schedule = None

    def train_batch(x, y):
        nonlocal schedule
        schedule = torch.optim.lr_scheduler.StepLR(optimizer, step_size=5, gamma=0.5)
        optimizer.zero_grad()
        nn.functional.mse_loss(net(x), y).backward()
        optimizer.step()
        schedule.step()

    def report(epoch):
        print(epoch, optimizer.param_groups[0]["lr"])

    return train_batch, report


def main(net, loader):
    train_batch, report = make_steps(net, 0.1)
    for epoch in range(20):
        for x, y in loader:
            train_batch(x, y)
        report(epoch)
