"""Seven micro-batches in windows of two: the seventh never steps (it leaks into the next
epoch's first window). The same loop over six is clean."""

import random

import torch
import torch.nn as nn

torch.manual_seed(0)
ACCUM = 2
net = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 1))
criterion = nn.MSELoss()
sgd = torch.optim.SGD(net.parameters(), lr=0.1)

pieces = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(7)]
for epoch in range(3):
    random.shuffle(pieces)
    for i, (inputs, targets) in enumerate(pieces):
        (criterion(net(inputs), targets) / ACCUM).backward()
        if (i + 1) % ACCUM == 0:
            sgd.step()
            sgd.zero_grad()
