"""The stream never runs out, but the loop is left by a count of micro-batches that is no
multiple of the window: the last two micro-batches never reach the optimizer."""
import itertools

import torch
from torch import nn

WINDOW = 4

net = nn.Linear(5, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
rows = [(torch.randn(3, 5), torch.randn(3, 1)) for _ in range(6)]

updates_done = 0
for micro_step, (inputs, targets) in enumerate(itertools.cycle(rows), start=1):
    loss = nn.functional.mse_loss(net(inputs), targets) / WINDOW
    loss.backward()
    if micro_step % WINDOW == 0:
        optimizer.step()
        optimizer.zero_grad()
        updates_done += 1
    if micro_step >= 30 or updates_done >= 100:
        break
