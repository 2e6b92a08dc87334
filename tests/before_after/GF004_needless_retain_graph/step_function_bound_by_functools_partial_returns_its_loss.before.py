import functools

import torch
import torch.nn as nn


def train_step(net, optimizer, xb, yb):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(net(xb), yb)
    loss.backward(retain_graph=True)
    optimizer.step()
    return loss


net = nn.Linear(4, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
step = functools.partial(train_step, net, optimizer)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(4)]
for xb, yb in batches:
    loss = step(xb, yb)
    print(f"loss {loss.item():.4f}")
