"""Six micro-batches in windows of two, but a diverging loss ends the pass early, possibly
mid-window: the windows are not provably whole (reported; no flush is written after a
`break`, see the rule's page)."""

import torch
import torch.nn as nn

torch.manual_seed(0)
ACCUM = 2
net = nn.Sequential(nn.Linear(3, 6), nn.Tanh(), nn.Linear(6, 1))
criterion = nn.MSELoss()
sgd = torch.optim.SGD(net.parameters(), lr=0.1)

pieces = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(6)]
for epoch in range(3):
    for i, (inputs, targets) in enumerate(pieces):
        loss = criterion(net(inputs), targets) / ACCUM
        if not torch.isfinite(loss):
            break
        loss.backward()
        if (i + 1) % ACCUM == 0:
            sgd.step()
            sgd.zero_grad()
