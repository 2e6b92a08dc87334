# The rate kept on the optimizer as a record, and written into each parameter group where
# torch reads it: nothing to report.
import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
batches = [(torch.randn(8, 4), torch.randn(8, 1)) for _ in range(3)]
for epoch in range(10):
    optimizer.lr = 0.1 * 0.9 ** epoch
    for group in optimizer.param_groups:
        group["lr"] = optimizer.lr
    for x, y in batches:
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        optimizer.step()
