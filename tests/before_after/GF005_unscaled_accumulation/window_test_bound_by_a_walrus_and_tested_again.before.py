# The window's test is bound by a walrus in a first `if` (which clips) and its name tested again
# by the `if` that steps: the window is `(i + 1) % ACCUM == 0`, and the loss is not divided.
import torch
from torch import nn

net = nn.Linear(10, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.01)
ACCUM = 8


def fit(batches):
    for i, (inputs, targets) in enumerate(batches):
        loss = nn.functional.mse_loss(net(inputs), targets)
        loss.backward()
        if (boundary := (i + 1) % ACCUM == 0):
            nn.utils.clip_grad_norm_(net.parameters(), 1.0)
        if boundary:
            opt.step()
            opt.zero_grad()
    if len(batches) % ACCUM:
        opt.step()
        opt.zero_grad()
