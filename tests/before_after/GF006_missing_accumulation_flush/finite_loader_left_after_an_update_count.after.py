"""The loop is left right after a step once the count of updates reaches the total, but the
loader is a list that runs out: when it ends first, the micro-batches after its last full
window never reach the optimizer."""
import torch
from torch import nn

WINDOW = 4
TOTAL_UPDATES = 50

net = nn.Linear(5, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
loader = [(torch.randn(3, 5), torch.randn(3, 1)) for _ in range(10)]

updates_done = 0
micro_step = 0  # the flush after the loop reads it, also when the loop runs no batch
for micro_step, (inputs, targets) in enumerate(loader, start=1):
    loss = nn.functional.mse_loss(net(inputs), targets) / WINDOW
    loss.backward()
    if micro_step % WINDOW == 0:
        optimizer.step()
        optimizer.zero_grad()
        updates_done += 1
    if updates_done >= TOTAL_UPDATES:
        break

# the last micro-batches did not fill a whole window: step on them too
if micro_step % WINDOW != 0:
    optimizer.step()
    optimizer.zero_grad()
    updates_done += 1
