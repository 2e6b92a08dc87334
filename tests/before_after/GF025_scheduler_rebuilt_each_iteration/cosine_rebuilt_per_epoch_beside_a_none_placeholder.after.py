import torch
from torch import nn


def train(epochs=6):
    net = nn.Linear(6, 2)
    sgd = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    batches = [(torch.randn(4, 6), torch.randn(4, 2)) for _ in range(5)]
    scheduler = None
    scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(sgd, T_max=epochs)
    for epoch in range(epochs):
        for x, y in batches:
            sgd.zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            sgd.step()
        scheduler.step()
