from functools import partial

import torch
from torch import nn


def update(net, inputs, targets):
    optimizer = torch.optim.AdamW(net.parameters(), lr=3e-4)
    optimizer.zero_grad()
    loss = nn.functional.l1_loss(net(inputs), targets)
    loss.backward()
    optimizer.step()
    return loss.detach()


def fit(step_fn, batches, epochs):
    history = []
    for _ in range(epochs):
        for inputs, targets in batches:
            history.append(step_fn(inputs, targets).item())
    return history


net = nn.Linear(3, 1)
fit(partial(update, net), [(torch.randn(2, 3), torch.randn(2, 1))], epochs=2)
