"""An accumulation window whose backward is written in a `try` and retried on the mean of the
loss in the `except` handler (a loss that is a vector on several devices): one backward per
micro-batch, whichever runs, and neither divides by the window's size."""
import torch
from torch import nn

STEP_PER_UPDATE = 4
model = nn.Linear(3, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(8, 3), torch.randn(8, 1)) for _ in range(8)]

for epoch in range(2):
    num_iter = 0
    for x, y in batches:
        num_iter += 1
        loss = nn.functional.mse_loss(model(x), y)
        try:
            loss.backward()
        except RuntimeError:
            loss = loss.mean()
            loss.backward()
        if num_iter == STEP_PER_UPDATE:
            num_iter = 0
            optimizer.step()
            optimizer.zero_grad(set_to_none=True)
