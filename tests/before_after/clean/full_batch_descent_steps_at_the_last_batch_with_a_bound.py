"""Full-batch gradient descent whose single step at the end of the pass is written with a bound
(`if i >= len(batches) - 1:`, `if seen >= total:`): the gradients of the whole pass are meant to
add up, and the step runs once. Nothing clears, and nothing needs to."""
import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
batches = [torch.randn(16, 4) for _ in range(8)]
total = sum(len(x) for x in batches)
seen = 0
for i, x in enumerate(batches):
    (model(x).pow(2).sum() / total).backward()
    seen += len(x)
    if i >= len(batches) - 1:
        optimizer.step()

other = torch.optim.SGD(model.parameters(), lr=0.01)
seen = 0
for x in batches:
    (model(x).pow(2).sum() / total).backward()
    seen += len(x)
    if seen >= total:
        other.step()
