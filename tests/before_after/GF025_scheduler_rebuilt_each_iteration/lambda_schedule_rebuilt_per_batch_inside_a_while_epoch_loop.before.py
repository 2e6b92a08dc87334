import torch
from torch import nn


def fit(model, loader, epochs):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
    epoch = 0
    while epoch < epochs:
        for inputs, targets in loader:
            optimizer.zero_grad()
            nn.functional.mse_loss(model(inputs), targets).backward()
            optimizer.step()
            decay = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda step: 0.97**step)
            decay.step()
        epoch += 1
    return model
