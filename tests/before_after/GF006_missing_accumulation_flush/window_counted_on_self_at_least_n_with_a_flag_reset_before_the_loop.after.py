import torch
from torch import nn


class Learner:
    def __init__(self, net, opt, accum, updating=True):
        self.net = net
        self.opt = opt
        self.accum = accum
        self.updating = updating
        self.micro = 0

    def epoch(self, data):
        self.micro = 0
        for x, y in data:
            nn.functional.mse_loss(self.net(x), y).div(self.accum).backward()
            self.micro += 1
            if self.micro >= self.accum and self.updating:
                self.opt.step()
                self.opt.zero_grad(set_to_none=True)
                self.micro = 0

        # the last micro-batches did not fill a whole window: step on them too
        if self.updating and self.micro != 0:
            self.opt.step()
            self.opt.zero_grad(set_to_none=True)


net = nn.Linear(3, 1)
learner = Learner(net, torch.optim.Adam(net.parameters(), lr=1e-3), accum=3)
for _ in range(2):
    learner.epoch([(torch.randn(2, 3), torch.randn(2, 1)) for _ in range(7)])
