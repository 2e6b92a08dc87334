# The warm-up scheduler is stepped in an optimizer step pre-hook: it runs before each
# `step()`, so the first learning rate is skipped. A pre-hook that clips and steps the schedule
# is reported too, without a fix (the clip belongs before the step).
import torch
import torch.nn as nn

model = nn.Linear(8, 2)
opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
warmup = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 10))


def advance_schedule(optimizer, args, kwargs):
    warmup.step()


opt.register_step_pre_hook(advance_schedule)

head = nn.Linear(2, 1)
head_opt = torch.optim.SGD(head.parameters(), lr=0.1)
decay = torch.optim.lr_scheduler.StepLR(head_opt, step_size=30, gamma=0.1)


def before_head_step(optimizer, args, kwargs):
    torch.nn.utils.clip_grad_norm_(head.parameters(), 1.0)
    decay.step()


head_opt.register_step_pre_hook(before_head_step)

for it in range(200):
    x = torch.randn(16, 8)
    opt.zero_grad()
    head_opt.zero_grad()
    loss = head(model(x)).pow(2).mean()
    loss.backward()
    opt.step()
    head_opt.step()
