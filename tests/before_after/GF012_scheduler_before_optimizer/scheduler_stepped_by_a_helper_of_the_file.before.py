# The scheduler is stepped by a function of this file whose body is that step alone, called
# before the optimizer's step: the call moves after it, as the step itself would.
import torch
import torch.nn.functional as F

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
sched = torch.optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)


def advance_schedule():
    sched.step()


def schedule_step(scheduler):
    """One step of the learning-rate schedule."""
    scheduler.step()


for epoch in range(6):
    for i in range(3):
        opt.zero_grad()
        F.mse_loss(model(torch.randn(2, 4)), torch.randn(2, 2)).backward()
        advance_schedule()
        opt.step()

for i in range(6):
    opt.zero_grad()
    F.mse_loss(model(torch.randn(2, 4)), torch.randn(2, 2)).backward()
    schedule_step(sched)
    opt.step()
