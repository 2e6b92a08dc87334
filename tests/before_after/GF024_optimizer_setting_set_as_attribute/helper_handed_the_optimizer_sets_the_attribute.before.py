# An `adjust_learning_rate` helper given the optimizer by every call of it in the file: its
# attribute write changes nothing, the rate stays at 1e-3.
import torch
import torch.nn.functional as F


def adjust_learning_rate(optim_, epoch, base_lr=1e-3, warmup=5):
    if epoch < warmup:
        lr = base_lr * (epoch + 1) / warmup
    else:
        lr = base_lr * 0.5 ** (epoch - warmup)
    optim_.lr = lr


net = torch.nn.Linear(3, 1)
opt = torch.optim.AdamW(filter(lambda p: p.requires_grad, net.parameters()), lr=1e-3)
data = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]
for epoch in range(20):
    adjust_learning_rate(opt, epoch)
    for x, y in data:
        opt.zero_grad()
        F.mse_loss(net(x), y).backward()
        opt.step()
