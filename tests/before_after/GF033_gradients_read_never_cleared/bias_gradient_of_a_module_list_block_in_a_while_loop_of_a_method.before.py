import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.cells = nn.ModuleList([nn.Linear(6, 6), nn.Linear(6, 6)])

    def forward(self, x):
        return self.cells[1](self.cells[0](x).relu())


class Recorder:
    def __init__(self, last):
        self.encoder = Encoder()
        self.last = last
        self.sizes = []

    def record(self, feed, steps):
        n = 0
        while n < steps:
            a, b = feed[n]
            torch.nn.functional.smooth_l1_loss(self.encoder(a), b).backward()
            self.sizes.append(self.encoder.cells[self.last].bias.grad.norm().item())
            n += 1
