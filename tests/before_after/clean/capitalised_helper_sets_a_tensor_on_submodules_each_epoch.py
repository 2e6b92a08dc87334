import math

import torch
from torch import nn


class SignConv(nn.Conv2d):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.k = torch.tensor([10.0])
        self.t = torch.tensor([0.1])


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv0 = SignConv(3, 8, 3)
        self.head = nn.Sequential(nn.ReLU(), nn.Flatten(), nn.LazyLinear(10))

    def forward(self, x):
        return self.head(self.conv0(x))


def main(train_loader, epochs, lr=0.1):
    model = nn.DataParallel(Net())
    optimizer = torch.optim.SGD(model.parameters(), lr, momentum=0.9)

    def Anneal_T(t_min, t_max, epoch):
        low, high = math.log10(t_min), math.log10(t_max)
        return torch.tensor([10 ** (low + (high - low) * epoch / epochs)])

    for epoch in range(epochs):
        t = Anneal_T(0.1, 10.0, epoch)
        k = 1 / t if t < 1 else torch.tensor([1.0])
        model.module.conv0.t = t
        model.module.conv0.k = k
        for x, y in train_loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(model(x), y).backward()
            optimizer.step()
