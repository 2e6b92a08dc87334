import functools

import torch
import torch.nn as nn


def train_step(net, optimizer, xb, yb):
    optimizer = torch.optim.RMSprop(net.parameters(), lr=1e-3)
    optimizer.zero_grad()
    nn.functional.mse_loss(net(xb), yb).backward()
    optimizer.step()


net = nn.Linear(4, 1)
optimizer = torch.optim.RMSprop(net.parameters(), lr=1e-3)
step = functools.partial(train_step, net, optimizer)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
for epoch in range(3):
    for xb, yb in batches:
        step(xb, yb)
