"""The same window in a `while batch is not None:` loop that takes the next batch with
`next(it, None)` at its end. The counter is incremented after the window's test, so a flush
under the negated test would read it one past: reported without a fix."""
import torch
import torch.nn.functional as F
from torch import nn

loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(66, 6), torch.randn(66, 1)), batch_size=6)
model = nn.Linear(6, 1)
ACCUM = 4
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

it = iter(loader)
batch = next(it, None)
i = 0
while batch is not None:
    x, y = batch
    loss = F.mse_loss(model(x), y)
    (loss / ACCUM).backward()
    if (i + 1) % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
    i += 1
    batch = next(it, None)
