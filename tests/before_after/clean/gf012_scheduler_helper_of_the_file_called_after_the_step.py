# The scheduler's helper is called after the optimizer's step; another helper steps the
# scheduler and logs, called at the end of each epoch.
import torch
import torch.nn.functional as F

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)


def advance_schedule():
    sched.step()


for epoch in range(6):
    for i in range(3):
        opt.zero_grad()
        F.mse_loss(model(torch.randn(2, 4)), torch.randn(2, 2)).backward()
        opt.step()
        advance_schedule()
