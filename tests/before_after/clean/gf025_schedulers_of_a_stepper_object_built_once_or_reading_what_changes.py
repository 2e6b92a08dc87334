# Correct: the stepper builds its scheduler on the first call only; the second object's
# scheduler reads an attribute the loop sets on every iteration (rebuilt on purpose); the third
# multiplies the current rate (rebuilt, it follows the same rates).
import torch
from torch import nn


class Stepper:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt
        self.sched = None

    def step(self, x, y):
        if self.sched is None:
            self.sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=10)
        self.opt.zero_grad()
        nn.functional.mse_loss(self.net(x), y).backward()
        self.opt.step()
        self.sched.step()


class Remaining:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt
        self.left = 10

    def step(self, x, y):
        sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=self.left)
        self.opt.zero_grad()
        nn.functional.mse_loss(self.net(x), y).backward()
        self.opt.step()
        sched.step()


class Decaying:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def step(self, x, y):
        sched = torch.optim.lr_scheduler.ExponentialLR(self.opt, gamma=0.9)
        self.opt.zero_grad()
        nn.functional.mse_loss(self.net(x), y).backward()
        self.opt.step()
        sched.step()


net = nn.Linear(3, 1)
stepper = Stepper(net, torch.optim.SGD(net.parameters(), lr=0.1))
remaining = Remaining(net, torch.optim.SGD(net.parameters(), lr=0.1))
decaying = Decaying(net, torch.optim.SGD(net.parameters(), lr=0.1))
data = [(torch.randn(4, 3), torch.randn(4, 1))] * 2
for epoch in range(5):
    for x, y in data:
        stepper.step(x, y)
        remaining.left = 10 - epoch
        remaining.step(x, y)
        decaying.step(x, y)
