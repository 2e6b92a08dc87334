import torch
from torch import nn


def train_epoch(net, loader, opt, scheduler, epoch):
    net.train()
    updates = epoch * len(loader)
    for x, y in loader:
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(net(x), y)
        loss.backward()
        opt.step()
        updates += 1
        scheduler.step_update(num_updates=updates)
