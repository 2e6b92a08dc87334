import torch
from torch import nn

EPOCHS = 3
model = nn.Linear(8, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
# six batches an epoch, written as a number: the horizon counts batches
sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=EPOCHS * 6)
cycle = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=0.1, total_steps=8 * EPOCHS)

for epoch in range(EPOCHS):
    for x, y in loader:
        opt.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        sched.step()
        cycle.step()
