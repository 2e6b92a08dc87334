import torch
import torch.nn as nn
from timm.scheduler import CosineLRScheduler

EPOCHS = 5
net = nn.Linear(6, 2)
batches = [(torch.randn(3, 6), torch.randint(0, 2, (3,))) for _ in range(10)]
opt = torch.optim.SGD(net.parameters(), lr=0.05)
sched = CosineLRScheduler(opt, t_initial=EPOCHS * len(batches), lr_min=1e-4, warmup_t=1)

for epoch in range(EPOCHS):
    for inputs, labels in batches:
        opt.zero_grad(set_to_none=True)
        nn.functional.cross_entropy(net(inputs), labels).backward()
        opt.step()
    sched.step(epoch + 1)
