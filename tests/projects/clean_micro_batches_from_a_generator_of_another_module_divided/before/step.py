# Each piece's loss is divided by the number of pieces before its backward: the step sees the
# batch's mean gradient.
import torch
from torch import nn

from helpers import batching

net = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)


def train_step(engine, batch, subdivisions=4):
    net.train()
    optimizer.zero_grad()
    for x, y in batching.subdivide(batch, subdivisions):
        loss = nn.functional.cross_entropy(net(x), y) / subdivisions
        loss.backward()
    optimizer.step()
