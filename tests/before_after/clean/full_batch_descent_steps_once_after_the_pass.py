"""Full-batch gradient descent written as one pass that backpropagates every batch and steps
once, at the last one (`if i == len(batches) - 1:`): the gradients are meant to add up over the
pass, and the step runs once. Nothing clears, and nothing needs to."""
import torch
from torch import nn

model = nn.Linear(4, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
batches = [torch.randn(16, 4) for _ in range(8)]
for i, x in enumerate(batches):
    (model(x).pow(2).mean() / len(batches)).backward()
    if i == len(batches) - 1:
        optimizer.step()
