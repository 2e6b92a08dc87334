import functools

import torch
import torch.nn as nn
import torch.nn.functional as F


def train_step(net, optimizer, loss_fn, xb, yb):
    optimizer.zero_grad()
    logp = F.log_softmax(net(xb), dim=1)
    loss = loss_fn(logp, yb)
    loss.backward()
    optimizer.step()
    return loss.item()


net = nn.Linear(4, 3)
optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
criterion = nn.NLLLoss()
step = functools.partial(train_step, net, optimizer, criterion)
batches = [(torch.randn(8, 4), torch.randint(0, 3, (8,))) for _ in range(4)]
for xb, yb in batches:
    step(xb, yb)
