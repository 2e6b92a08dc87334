import torch
import torch.nn as nn


class Passthrough:
    def __init__(self, base, name="opt"):
        self.name = name
        self.base = base

    def __getattr__(self, key):
        return getattr(self.base, key)


def run(net, data, stages):
    opt = Passthrough(torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9))
    decay = torch.optim.lr_scheduler.ExponentialLR(opt.base, gamma=0.9)
    opt = Passthrough(torch.optim.Adam(net.parameters(), lr=3e-4), name="finetune")
    stage = 0
    while stage < stages:
        for x, y in data:
            opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(net(x), y).backward()
            opt.step()
        decay.step()
        stage += 1


run(nn.Linear(2, 1), [(torch.randn(3, 2), torch.randn(3, 1)) for _ in range(4)], 3)
