"""An accumulation window written as a `match` statement, the loss divided and the leftover
micro-batches flushed: nothing to report (gradfix does not read `match` windows yet, and must
not misread them either)."""
import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
accum_steps = 4
loader = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(10)]

optimizer.zero_grad()
for i, (x, y) in enumerate(loader):
    loss = nn.functional.mse_loss(model(x), y) / accum_steps
    loss.backward()
    match (i + 1) % accum_steps:
        case 0:
            optimizer.step()
            optimizer.zero_grad()
        case _:
            pass
match len(loader) % accum_steps:
    case 0:
        pass
    case _:
        optimizer.step()
        optimizer.zero_grad()
