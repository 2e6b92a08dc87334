"""An accumulation window in a `while True:` loop that takes each batch with `next(it, None)`
and leaves when it gets `None`: a pass over the data, whose last partial window is never
stepped."""
import torch
import torch.nn.functional as F
from torch import nn

loader = torch.utils.data.DataLoader(torch.utils.data.TensorDataset(torch.randn(66, 6), torch.randn(66, 1)), batch_size=6)
model = nn.Linear(6, 1)
ACCUM = 4
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

batches = iter(loader)
micro = 0
while True:
    batch = next(batches, None)
    if batch is None:
        break
    x, y = batch
    (F.mse_loss(model(x), y) / ACCUM).backward()
    micro += 1
    if micro % ACCUM == 0:
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
