"""The mixed-precision arm steps `optimzer`, a name bound nowhere (a typo for `optimizer`, which
the loop clears every iteration): that arm raises a NameError when it runs. Nothing here is an
optimizer that goes uncleared, and a clear of the misspelt name would only repeat the typo."""
import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cpu")
use_amp = False
for step in range(10):
    x, y = torch.randn(8, 4), torch.randn(8, 1)
    optimizer.zero_grad(set_to_none=True)
    loss = nn.functional.mse_loss(model(x), y)
    if not use_amp:
        loss.backward()
        optimizer.step()
    else:
        scaler.scale(loss).backward()
        scaler.step(optimzer)  # noqa: F821
        scaler.update()
