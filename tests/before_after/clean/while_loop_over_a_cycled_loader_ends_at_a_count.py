"""A `while True:` loop over `next(it)` of an `itertools.cycle` (never exhausted, so its
`except StopIteration: break` never runs) that ends at a count of micro-batches by a `break` of
its own: where it ends is not the data's end, and no tail is read into it."""
import itertools

import torch
import torch.nn.functional as F
from torch import nn

loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(66, 6), torch.randn(66, 1)), batch_size=6)
model = nn.Linear(6, 1)
ACCUM = 4
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

batches = itertools.cycle(loader)
step = 0
while True:
    try:
        x, y = next(batches)
    except StopIteration:
        break
    (F.mse_loss(model(x), y) / ACCUM).backward()
    step += 1
    if step % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    if step == 40:
        break
