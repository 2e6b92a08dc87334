"""A batch-norm momentum schedule (a class the file imports from a folder put on `sys.path`,
which gradfix cannot read) built over the network, not an optimizer, and stepped at the start of
each epoch as it expects: it sets every BatchNorm's momentum for the epoch, and steps no
learning rate."""
import os
import sys

import torch
from torch import nn

sys.path.append(os.path.join(os.path.dirname(os.path.abspath(__file__)), "utils"))
from bn_utils import BNMomentumScheduler  # noqa: E402

net = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 1))
optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
bnm_scheduler = BNMomentumScheduler(net, bn_lambda=lambda epoch: max(0.5 * 0.5**epoch, 0.001), last_epoch=-1)
batches = [(torch.randn(16, 4), torch.randn(16, 1)) for _ in range(4)]
for epoch in range(3):
    bnm_scheduler.step()
    net.train()
    for x, y in batches:
        optimizer.zero_grad(set_to_none=True)
        nn.functional.mse_loss(net(x), y).backward()
        optimizer.step()
