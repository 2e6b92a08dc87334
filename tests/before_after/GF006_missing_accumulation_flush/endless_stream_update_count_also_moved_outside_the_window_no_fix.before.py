"""The stream never runs out, but the count the `break` reads also moves outside the window
(a skipped batch counts as an update): the loop can leave in the middle of a window, and the
micro-batches since its last step never reach the optimizer."""
import torch
from torch import nn

WINDOW = 4


def stream():
    while True:
        yield torch.randn(3, 5), torch.randn(3, 1)


net = nn.Linear(5, 1)
optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
updates = 0
for micro_step, (inputs, targets) in enumerate(stream(), start=1):
    if micro_step % 7 == 0:
        updates += 1
    loss = nn.functional.mse_loss(net(inputs), targets) / WINDOW
    loss.backward()
    if micro_step % WINDOW == 0:
        optimizer.step()
        optimizer.zero_grad()
        updates += 1
    if updates >= 6:
        break
