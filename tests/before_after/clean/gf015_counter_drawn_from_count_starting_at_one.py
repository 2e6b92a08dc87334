import itertools

import torch

model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(9)]
ACCUM = 3
for epoch in range(3):
    micro = itertools.count(1)
    for x, y in loader:
        n = next(micro)
        (torch.nn.functional.mse_loss(model(x), y) / ACCUM).backward()
        if n % ACCUM == 0 or n == len(loader):
            opt.step()
            opt.zero_grad()
