# A scheduler built by a factory of the same file: `build_scheduler(opt, EPOCHS)` returns a
# cosine schedule over `T_max=epochs` (epochs), stepped on every batch: it runs out in the first
# epoch and swings back up.
import torch
import torch.nn.functional as F

EPOCHS = 30


def build_scheduler(opt, epochs, eta_min=0.0):
    return torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=epochs, eta_min=eta_min)


net = torch.nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
sched = build_scheduler(opt, EPOCHS)
data = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(8)]
for epoch in range(EPOCHS):
    for x, y in data:
        opt.zero_grad()
        F.mse_loss(net(x), y).backward()
        opt.step()
        sched.step()
