"""A `while True:` accumulation loop over `next(it)` that leaves at `StopIteration` and flushes
the micro-batches of its last, partial window after the loop; and one whose counter runs past
the end (`itertools.cycle`: `StopIteration` never comes, the loop ends at a whole window)."""
import itertools

import torch
import torch.nn.functional as F
from torch import nn

loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(66, 6), torch.randn(66, 1)), batch_size=6)
model = nn.Linear(6, 1)
ACCUM = 4
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

batches = iter(loader)
step = 0
while True:
    try:
        x, y = next(batches)
    except StopIteration:
        break
    loss = F.mse_loss(model(x), y)
    (loss / ACCUM).backward()
    step += 1
    if step % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
if step % ACCUM != 0:
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)

endless = itertools.cycle(loader)
for update in range(3):
    for micro in range(ACCUM):
        x, y = next(endless)
        (F.mse_loss(model(x), y) / ACCUM).backward()
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
