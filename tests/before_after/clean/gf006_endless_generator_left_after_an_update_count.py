"""The stream never runs out, and the loop is left only right after a step: the test of its
`break` reads the count of updates, which changes only where the window steps. No micro-batch
is ever left over, so there is nothing to flush."""
import torch
from torch import nn

WINDOW = 3
TOTAL_UPDATES = 7

net = nn.Sequential(nn.Linear(6, 4), nn.Tanh(), nn.Linear(4, 2))
optimizer = torch.optim.Adam(net.parameters(), lr=3e-3)


def batches_forever(size):
    """Random batches, drawn again and again."""
    while True:
        features = torch.randn(size, 6)
        yield features, features[:, :2].sum(dim=1, keepdim=True).repeat(1, 2)


updates_done = 0
for micro_step, (inputs, targets) in enumerate(batches_forever(5), start=1):
    loss = nn.functional.smooth_l1_loss(net(inputs), targets) / WINDOW
    loss.backward()
    if micro_step % WINDOW == 0:
        optimizer.step()
        optimizer.zero_grad()
        updates_done += 1
    if micro_step % 10 == 0:
        print(micro_step, loss.item())
    if updates_done == TOTAL_UPDATES:
        break
