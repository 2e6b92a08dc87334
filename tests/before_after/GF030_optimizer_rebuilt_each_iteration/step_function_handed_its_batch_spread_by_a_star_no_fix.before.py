"""An optimizer built on every call of a step function handed its batch as `*batch`."""
from functools import partial

import torch
from torch import nn


def sgd_update(net, inputs, targets):
    optimizer = torch.optim.RMSprop(net.parameters(), lr=0.01)
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(net(inputs), targets)
    loss.backward()
    optimizer.step()
    return float(loss)


torch.manual_seed(0)
net = nn.Linear(3, 1)
data = [(torch.randn(6, 3), torch.randn(6, 1)) for _ in range(4)]
for batch in data:
    sgd_update(net, *batch)
