import itertools

import torch

model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
loader = [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(9)]
ACCUM = 3
for epoch in range(3):
    counter = itertools.count()
    for x, y in loader:
        i = next(counter)
        (torch.nn.functional.mse_loss(model(x), y) / ACCUM).backward()
        if (i + 1) % ACCUM == 0:
            opt.step()
            opt.zero_grad()
