# Silent: the first class's counter is also counted by a helper the loop calls (the window is
# not the loop's alone); the second's is reset by another method; the third's is set only in
# `__init__`, so a window carries over into the next epoch.
import torch
from torch import nn


class Counted:
    def __init__(self, net, opt, accum):
        self.net, self.opt, self.accum = net, opt, accum
        self.micro = 0

    def note(self):
        self.micro += 1

    def epoch(self, data):
        self.micro = 0
        for x, y in data:
            (nn.functional.mse_loss(self.net(x), y) / self.accum).backward()
            self.note()
            if self.micro >= self.accum:
                self.opt.step()
                self.opt.zero_grad()
                self.micro = 0


class Restarted:
    def __init__(self, net, opt, accum):
        self.net, self.opt, self.accum = net, opt, accum
        self.micro = 0

    def restart(self):
        self.micro = 0

    def epoch(self, data):
        self.micro = 0
        for x, y in data:
            (nn.functional.mse_loss(self.net(x), y) / self.accum).backward()
            self.micro += 1
            if self.micro == self.accum:
                self.opt.step()
                self.opt.zero_grad()
                self.micro = 0


class Carried:
    def __init__(self, net, opt, accum):
        self.net, self.opt, self.accum = net, opt, accum
        self.micro = 0

    def epoch(self, data):
        for x, y in data:
            (nn.functional.mse_loss(self.net(x), y) / self.accum).backward()
            self.micro += 1
            if self.micro == self.accum:
                self.opt.step()
                self.opt.zero_grad()
                self.micro = 0


net = nn.Linear(3, 1)
data = [(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(7)]
for cls in (Counted, Restarted, Carried):
    runner = cls(net, torch.optim.SGD(net.parameters(), lr=0.1), 3)
    for _ in range(2):
        runner.epoch(data)
