"""Schedulers built inside loops that mean it: GF025 stays silent."""
import torch
from torch.optim.lr_scheduler import CosineAnnealingLR, ExponentialLR, LambdaLR, OneCycleLR, StepLR

model = torch.nn.Linear(4, 2)
loader = [(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(3)]
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)


def loss_of(x, y):
    return ((model(x) - y) ** 2).mean()


for epoch in range(5):
    # the factor reads the epoch: rebuilt on purpose
    sched = LambdaLR(optimizer, lambda s: 0.9 ** epoch)
    for i, (x, y) in enumerate(loader):
        poly = LambdaLR(optimizer, lambda s: (1 - i / 3) ** 0.9)  # a poly schedule of the batch index
        optimizer.zero_grad()
        loss_of(x, y).backward()
        optimizer.step()
        poly.step()
    sched.step()

for epoch in range(5):
    exponential = ExponentialLR(optimizer, gamma=0.9)  # multiplies the current rate: the same rates rebuilt
    halving = StepLR(optimizer, step_size=1, gamma=0.5)
    resumed = StepLR(optimizer, 10, 0.5, epoch)
    resumed_by_name = CosineAnnealingLR(optimizer, T_max=5, last_epoch=epoch - 1)
    for x, y in loader:
        optimizer.zero_grad()
        loss_of(x, y).backward()
        optimizer.step()
    exponential.step()
    halving.step()
    resumed.step()
    resumed_by_name.step()

for fold in range(3):
    # a new run per fold: the optimizer is built again too
    fold_optimizer = torch.optim.Adam(model.parameters())
    fold_schedule = CosineAnnealingLR(fold_optimizer, T_max=10)
    for x, y in loader:
        fold_optimizer.zero_grad()
        loss_of(x, y).backward()
        fold_optimizer.step()
    fold_schedule.step()

for cycle in range(3):
    # one cycle per pass over the data, stepped in a loop of its own: a restart may be meant
    one_cycle = OneCycleLR(optimizer, max_lr=0.1, total_steps=len(loader))
    if cycle == 1:
        late = CosineAnnealingLR(optimizer, T_max=3)  # built once, at one epoch
    for x, y in loader:
        optimizer.zero_grad()
        loss_of(x, y).backward()
        optimizer.step()
        one_cycle.step()
    if cycle >= 1:
        late.step()

built_once = CosineAnnealingLR(optimizer, T_max=5)
for epoch in range(5):
    for x, y in loader:
        optimizer.zero_grad()
        loss_of(x, y).backward()
        optimizer.step()
    built_once.step()


class Config:
    t_max = 5


config = Config()
for epoch in range(5):
    config.t_max = epoch + 1  # the horizon changes every epoch
    stretched = CosineAnnealingLR(optimizer, T_max=config.t_max)
    for x, y in loader:
        optimizer.zero_grad()
        loss_of(x, y).backward()
        optimizer.step()
    stretched.step()
