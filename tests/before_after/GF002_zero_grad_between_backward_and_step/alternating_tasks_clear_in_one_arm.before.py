import torch
import torch.nn.functional as F
from torch import nn

shared = nn.Sequential(nn.Linear(10, 24), nn.ReLU())
head_a = nn.Linear(24, 4)
head_b = nn.Linear(24, 2)
opt_a = torch.optim.SGD(list(shared.parameters()) + list(head_a.parameters()), lr=0.05, momentum=0.9)
opt_b = torch.optim.SGD(list(shared.parameters()) + list(head_b.parameters()), lr=0.05, momentum=0.9)

for step, (xa, ya, xb, yb) in enumerate(batches):
    if step % 2 == 0:
        loss = F.cross_entropy(head_a(shared(xa)), ya)
        loss.backward()
        opt_a.zero_grad()
        opt_a.step()
    else:
        loss = F.cross_entropy(head_b(shared(xb)), yb)
        opt_b.zero_grad()
        loss.backward()
        opt_b.step()
