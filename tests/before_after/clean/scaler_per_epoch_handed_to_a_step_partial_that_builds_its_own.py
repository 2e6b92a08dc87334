import functools

import torch
import torch.nn as nn


def train_step(net, optimizer, xb, yb):
    scaler = torch.amp.GradScaler("cpu", enabled=False)
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(net(xb), yb)
    scaler.scale(loss).backward()
    scaler.step(optimizer)
    scaler.update()


net = nn.Linear(4, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
step = functools.partial(train_step, net, optimizer)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
for epoch in range(3):
    scaler = torch.amp.GradScaler("cpu")
    for xb, yb in batches:
        step(xb, yb)
    print(scaler.get_scale())
