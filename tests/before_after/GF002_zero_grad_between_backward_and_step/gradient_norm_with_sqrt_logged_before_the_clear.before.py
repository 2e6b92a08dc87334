"""The iteration logs the gradient norm, written with `.sqrt()` (of the summed squares and of a
gradient), after the backward, then clears in a `no_grad` block, then steps: the reads only
make numbers for the log, and the step applies no gradient (momentum only)."""
import torch
import torch.nn.functional as F
from torch import nn

net = nn.Sequential(nn.Linear(5, 7), nn.ReLU(), nn.Linear(7, 2))
sgd = torch.optim.SGD(net.parameters(), lr=0.02, momentum=0.9)
history = []
for epoch in range(3):
    for inputs, targets in [(torch.randn(8, 5), torch.randn(8, 2)) for _ in range(4)]:
        F.smooth_l1_loss(net(inputs), targets).backward()
        with torch.no_grad():
            total = sum(p.grad.norm() ** 2 for p in net.parameters()).sqrt().item()
            first = net[0].weight.grad.abs().sqrt().mean()
            history.append((total, float(torch.sqrt(first))))
            net.zero_grad()
        sgd.step()
