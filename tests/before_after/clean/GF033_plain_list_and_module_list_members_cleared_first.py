import torch
from torch import nn


class Tower(nn.Module):
    def __init__(self, width, depth):
        super().__init__()
        self.stages = [nn.Linear(width, width) for _ in range(depth)]

    def forward(self, x):
        for stage in self.stages:
            x = torch.tanh(stage(x))
        return x


def stage_trace(tower, batches, depth):
    means = []
    for inputs, targets in batches:
        for stage in tower.stages:
            stage.zero_grad(set_to_none=True)
        prediction = tower(inputs)
        torch.nn.functional.mse_loss(prediction, targets).backward()
        for k in range(depth):
            means.append(tower.stages[k].weight.grad.abs().mean().item())
    return means


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
            self.encoder.cells.zero_grad(set_to_none=True)
            a, b = feed[n]
            torch.nn.functional.smooth_l1_loss(self.encoder(a), b).backward()
            self.sizes.append(self.encoder.cells[self.last].bias.grad.norm().item())
            n += 1
