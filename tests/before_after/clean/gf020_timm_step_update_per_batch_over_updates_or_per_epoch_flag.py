import torch
import torch.nn as nn
from timm.scheduler import CosineLRScheduler, TanhLRScheduler

EPOCHS = 6
net = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 4))
train_loader = [(torch.randn(8, 10), torch.randint(0, 4, (8,))) for _ in range(20)]
opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=0.05)
total_updates = EPOCHS * len(train_loader)
by_update = CosineLRScheduler(opt, t_initial=total_updates, warmup_t=10, t_in_epochs=False)
by_epoch = TanhLRScheduler(opt, t_initial=EPOCHS)

num_updates = 0
for epoch in range(EPOCHS):
    for inputs, labels in train_loader:
        loss = nn.functional.cross_entropy(net(inputs), labels)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        num_updates += 1
        by_update.step_update(num_updates=num_updates)
        by_epoch.step_update(num_updates=num_updates)
    by_epoch.step(epoch + 1)

restarts = CosineLRScheduler(opt, t_initial=2, cycle_limit=EPOCHS, t_in_epochs=False)
for epoch in range(EPOCHS):
    for step, (inputs, labels) in enumerate(train_loader):
        loss = nn.functional.cross_entropy(net(inputs), labels)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        restarts.step_update(epoch * len(train_loader) + step + 1)
