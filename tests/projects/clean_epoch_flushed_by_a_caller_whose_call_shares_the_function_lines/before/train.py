# The caller flushes the last partial window after each epoch call. Its call sits on a line
# number inside the epoch function's lines in engine.py: only a call in engine.py itself would
# be the function calling itself.
import torch
from engine import accumulate_epoch
model = torch.nn.Linear(4, 2)
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
batches = [(torch.randn(8, 4), torch.randint(0, 2, (8,))) for _ in range(8)]
for epoch in range(3):
    accumulate_epoch(model, optimizer, batches)
    optimizer.step()
    optimizer.zero_grad(set_to_none=False)
