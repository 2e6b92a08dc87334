import torch
from torch import nn

net = nn.Linear(4, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)


def restart(lr):
    global optimizer
    optimizer = torch.optim.SGD(net.parameters(), lr=lr)


def train_epoch(batches):
    global optimizer
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda e: 0.9 ** e)
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(net(x), y).backward()
        optimizer.step()
    schedule.step()


def main(batches, epochs=5):
    for epoch in range(epochs):
        restart(0.1 / (epoch + 1))
        train_epoch(batches)
