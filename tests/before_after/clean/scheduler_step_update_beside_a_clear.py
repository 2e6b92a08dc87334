import torch
from torch import nn


def train_epoch(net, loader, opt, lr_sched, epoch):
    net.train()
    updates = epoch * len(loader)
    for x, y in loader:
        opt.zero_grad()
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        opt.step()
        updates += 1
        lr_sched.step_update(num_updates=updates)
