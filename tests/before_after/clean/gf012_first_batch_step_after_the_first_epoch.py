# `if i == 0 and epoch > 0:` steps the per-epoch scheduler at the start of every epoch but the
# first: the same schedule as a step after each epoch's batch loop.
import torch
import torch.nn.functional as F

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
batches = [(torch.randn(2, 4), torch.randn(2, 2))] * 4

for epoch in range(3):
    for i, (x, y) in enumerate(batches):
        if i == 0 and epoch > 0:
            sched.step()
        opt.zero_grad()
        F.mse_loss(model(x), y).backward()
        opt.step()
