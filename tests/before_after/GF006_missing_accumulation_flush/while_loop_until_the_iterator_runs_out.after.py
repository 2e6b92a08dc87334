"""An accumulation window in a `while True:` loop that takes each batch with `next(it)` and
leaves at `StopIteration`: 11 batches and windows of 4, so the last 3 micro-batches are
backpropagated and never stepped."""
import torch
import torch.nn.functional as F
from torch import nn

loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(66, 6), torch.randn(66, 1)), batch_size=6)
model = nn.Linear(6, 1)
ACCUM = 4
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

for epoch in range(2):
    batches = iter(loader)
    step = 0
    while True:
        try:
            x, y = next(batches)
        except StopIteration:
            break  # the epoch is over
        loss = F.mse_loss(model(x), y)
        (loss / ACCUM).backward()
        step += 1
        if step % ACCUM == 0:
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)

    # the last micro-batches did not fill a whole window: step on them too
    if step % ACCUM != 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
