import torch
import torch.nn as nn


class Scale(nn.Module):
    def __init__(self, factor):
        super().__init__()
        self.factor = factor

    def forward(self, x):
        return x * self.factor


def train(loader):
    model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.1), nn.Linear(16, 1))
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    model[2] = Scale(0.9)  # no parameters: the optimizer misses nothing
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
