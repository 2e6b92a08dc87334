"""The loop calling the step function of engine.py, then stepping once more after each epoch:
nothing of engine.py's window may be reported, or written, at engine.py's positions in this file."""
import torch
from torch import nn

from engine import train_step

TAG = "run-a-b-c-d"
model = nn.Linear(6, 1)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
batches = [(torch.randn(6, 6), torch.rand(6, 1)) for _ in range(10)]
ACCUM = 4
for epoch in range(2):
    for step, batch in enumerate(batches):
        train_step(model, optimizer, batch, step, ACCUM)
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
print(TAG)
