"""Gradients read after the first backward are kept (`.clone()`), the optimizer is cleared for a
second loss, and the kept gradients are added back before the step: the clear between a
backward and the step is deliberate here."""
import torch
import torch.nn.functional as F
from torch import nn

model = nn.Linear(6, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(6, 6), torch.randn(6, 1)) for _ in range(10)]
for x, y in batches:
    optimizer.zero_grad(set_to_none=True)
    F.mse_loss(model(x), y).backward()
    kept = [p.grad.clone() for p in model.parameters()]
    norms = [p.grad.norm().item() for p in model.parameters()]
    optimizer.zero_grad(set_to_none=True)
    model(x).abs().mean().backward()
    for p, g in zip(model.parameters(), kept):
        p.grad += g
    optimizer.step()
    print(norms)
