import torch
import torch.nn as nn


class Passthrough:
    def __init__(self, base):
        self.base = base

    def __getattr__(self, key):
        return getattr(self.base, key)


def run(net, data, stages):
    opt = Passthrough(torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9))
    opt = Passthrough(torch.optim.Adam(net.parameters(), lr=3e-4))
    decay = torch.optim.lr_scheduler.ExponentialLR(opt.base, gamma=0.9)
    for stage in range(stages):
        for x, y in data:
            opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(net(x), y).backward()
            opt.step()
        decay.step()


def warm_then_main(net, data):
    first = Passthrough(torch.optim.SGD(net.parameters(), lr=0.01))
    cosine = torch.optim.lr_scheduler.CosineAnnealingLR(first.base, T_max=4)
    for epoch in range(4):
        for x, y in data:
            first.zero_grad(set_to_none=True)
            nn.functional.mse_loss(net(x), y).backward()
            first.step()
        cosine.step()


batches = [(torch.randn(3, 2), torch.randn(3, 1)) for _ in range(4)]
run(nn.Linear(2, 1), batches, 3)
warm_then_main(nn.Linear(2, 1), batches)
