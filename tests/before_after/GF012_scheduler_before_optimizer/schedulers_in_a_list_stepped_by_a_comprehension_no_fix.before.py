# torch's schedulers of one optimizer kept in a list written out, stepped by a list comprehension
# at the top of each batch, before the optimizer step: the first learning rate of the schedule is
# skipped (reported; the comprehension is not a statement the fix moves).
import torch
from torch import nn
from torch.optim.lr_scheduler import ExponentialLR, StepLR

model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
schedules = [StepLR(opt, step_size=20), ExponentialLR(opt, gamma=0.99)]
batches = [(torch.randn(5, 6), torch.randint(0, 3, (5,))) for _ in range(4)]

for epoch in range(6):
    for x, y in batches:
        [s.step() for s in schedules]
        opt.zero_grad()
        nn.functional.cross_entropy(model(x), y).backward()
        opt.step()
