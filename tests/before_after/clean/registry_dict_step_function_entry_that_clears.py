import torch
from torch import nn


def sup_step(net, optimizer, batch):
    x, y = batch
    loss = nn.functional.mse_loss(net(x), y)
    loss.backward()
    optimizer.step()


def ssl_step(net, optimizer, batch):
    optimizer.zero_grad()
    x, _ = batch
    loss = net(x).pow(2).mean()
    loss.backward()
    optimizer.step()


REGISTRY = {"sup": sup_step, "ssl": ssl_step}


def train(net, optimizer, loader, epochs):
    run = REGISTRY["ssl"]
    epoch = 0
    while epoch < epochs:
        for batch in loader:
            run(net, optimizer, batch)
        epoch += 1


net = nn.Linear(4, 2)
train(net, torch.optim.Adam(net.parameters()), [(torch.randn(8, 4), torch.randn(8, 2))] * 3, 2)
