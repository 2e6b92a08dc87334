# A per-epoch scheduler stepped at the top of the batch loop under `if i == 0:` runs before the
# epoch's first optimizer step, as at the top of the epoch loop: the first value of the
# schedule is skipped. Reported without a fix (move it after the batch loop).
import torch
import torch.nn.functional as F

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
batches = [(torch.randn(2, 4), torch.randn(2, 2))] * 4

for epoch in range(3):
    for i, (x, y) in enumerate(batches):
        if i == 0:
            sched.step()
        opt.zero_grad()
        F.mse_loss(model(x), y).backward()
        opt.step()

for epoch in range(3):
    for i in range(len(batches)):
        if i == 0:
            sched.step()
        x, y = batches[i]
        opt.zero_grad()
        F.mse_loss(model(x), y).backward()
        opt.step()
