import torch
import torch.nn as nn
from timm.scheduler import CosineLRScheduler

EPOCHS = 6
net = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, 4))
train_loader = [(torch.randn(8, 10), torch.randint(0, 4, (8,))) for _ in range(20)]
opt = torch.optim.AdamW(net.parameters(), lr=1e-3, weight_decay=0.05)
sched = CosineLRScheduler(opt, t_initial=EPOCHS, warmup_t=1, warmup_lr_init=1e-5, t_in_epochs=False)

num_updates = 0
for epoch in range(EPOCHS):
    for inputs, labels in train_loader:
        loss = nn.functional.cross_entropy(net(inputs), labels)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        num_updates += 1
        sched.step_update(num_updates=num_updates)
