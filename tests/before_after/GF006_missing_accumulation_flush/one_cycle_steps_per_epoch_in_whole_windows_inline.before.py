# A OneCycleLR told `steps_per_epoch=len(loader) // accum` (whole windows, rounded down) is
# stepped in the window: a flush would step it past its horizon in the last epoch, and
# OneCycleLR raises. Reported without a fix.
import torch
import torch.nn.functional as F
from torch import nn
from torch.optim.lr_scheduler import OneCycleLR

net = nn.Linear(8, 3)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
batches = [(torch.randn(4, 8), torch.randint(0, 3, (4,))) for _ in range(7)]
accum = 2
sched = OneCycleLR(opt, max_lr=0.1, epochs=3, steps_per_epoch=len(batches) // accum)
for epoch in range(3):
    for i, (x, y) in enumerate(batches):
        (F.cross_entropy(net(x), y) / accum).backward()
        if (i + 1) % accum == 0:
            opt.step()
            opt.zero_grad()
            sched.step()
