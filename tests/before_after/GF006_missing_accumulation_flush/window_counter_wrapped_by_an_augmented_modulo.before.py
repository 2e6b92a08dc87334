import torch
from torch import nn


def train_epoch(model, optimizer, loader, accum_steps=4):
    micro = 0
    optimizer.zero_grad()
    for inputs, targets in loader:
        loss = nn.functional.mse_loss(model(inputs), targets) / accum_steps
        loss.backward()
        micro += 1
        micro %= accum_steps
        if micro == 0:
            optimizer.step()
            optimizer.zero_grad()
