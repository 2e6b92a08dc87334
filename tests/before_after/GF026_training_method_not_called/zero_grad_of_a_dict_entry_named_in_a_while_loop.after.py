import torch
from torch import nn


def train_pair(nets, batches, max_steps):
    optims = {name: torch.optim.Adam(net.parameters(), lr=1e-3) for name, net in nets.items()}
    step = 0
    while step < max_steps:
        x, y = batches[step % len(batches)]
        for name, net in nets.items():
            optims[name].zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            optims[name].step()
        step += 1
