import torch
from torch import nn


def train(net, loader, epochs=3):
    opt = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
    decay = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.995)
    warmup_sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / 100))
    for _ in range(epochs):
        for x, y in loader:
            opt.zero_grad()
            nn.functional.cross_entropy(net(x), y).backward()
            opt.step()
            for s in [decay, warmup_sched]:
                s.step()
