import torch
import torch.nn as nn

model = nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
accum = 4
for epoch in range(2):
    for x, y in batches:
        opt.zero_grad()
        for xb, yb in zip(x.chunk(accum), y.chunk(accum)):  # one step over accum micro-batches
            loss = nn.functional.mse_loss(model(xb), yb)
            loss.backward()
        opt.step()
