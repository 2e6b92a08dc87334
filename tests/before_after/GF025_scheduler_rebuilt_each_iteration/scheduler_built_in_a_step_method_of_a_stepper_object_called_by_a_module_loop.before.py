import torch
from torch import nn


class Stepper:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def step(self, x, y):
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=10)
        self.opt.zero_grad()
        nn.functional.mse_loss(self.net(x), y).backward()
        self.opt.step()
        sched.step()


net = nn.Linear(3, 1)
opt = torch.optim.SGD(net.parameters(), lr=0.1)
stepper = Stepper(net, opt)
for epoch in range(5):
    for x, y in [(torch.randn(4, 3), torch.randn(4, 1))] * 2:
        stepper.step(x, y)
