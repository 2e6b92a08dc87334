import torch
import torch.nn as nn
from timm.scheduler import CosineLRScheduler, PolyLRScheduler

net = nn.Linear(6, 2)
batches = [(torch.randn(3, 6), torch.randint(0, 2, (3,))) for _ in range(10)]
opt = torch.optim.SGD(net.parameters(), lr=0.05)
sched = CosineLRScheduler(opt, t_initial=30, warmup_t=5, warmup_lr_init=1e-3, t_in_epochs=False)

updates = 0
for epoch in range(3):
    for inputs, labels in batches:
        opt.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(net(inputs), labels).backward()
        opt.step()
        sched.step_update(updates + 1)
        updates += 1

poly = PolyLRScheduler(opt, t_initial=30, t_in_epochs=False)
for epoch in range(3):
    for k, (inputs, labels) in enumerate(batches):
        poly.step_update(num_updates=epoch * len(batches) + k)
        opt.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(net(inputs), labels).backward()
        opt.step()
    for k, (inputs, labels) in enumerate(batches, 1):
        poly.step_update(epoch * len(batches) + k - 1)
        opt.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(net(inputs), labels).backward()
        opt.step()
