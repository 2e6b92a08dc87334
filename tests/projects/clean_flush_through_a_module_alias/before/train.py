import torch
from torch import nn

import helpers as H

WINDOW = 8
net = nn.Sequential(nn.Linear(10, 10), nn.GELU(), nn.Linear(10, 3))
optim = torch.optim.AdamW(net.parameters(), lr=1e-3)
data = [(torch.randn(4, 10), torch.randint(0, 3, (4,))) for _ in range(30)]

for epoch in range(4):
    for n, (x, y) in enumerate(data):
        (nn.functional.cross_entropy(net(x), y) / WINDOW).backward()
        if (n + 1) % WINDOW == 0:
            H.apply_update(optim)
    if (n + 1) % WINDOW:
        H.apply_update(optim)
