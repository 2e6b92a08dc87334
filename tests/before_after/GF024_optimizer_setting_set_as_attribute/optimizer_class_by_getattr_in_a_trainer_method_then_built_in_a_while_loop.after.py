import torch
from torch import optim


class Trainer:
    def __init__(self, net, name="Adam", lr=1e-3):
        self.net = net
        self.name = name
        self.lr = lr

    def fit(self, steps):
        cls = getattr(optim, self.name)
        opt = cls(self.net.parameters(), lr=self.lr)
        step = 0
        while step < steps:
            opt.zero_grad()
            self.net(torch.randn(4, 2)).pow(2).mean().backward()
            opt.step()
            step += 1
            if step == steps // 2:
                opt.lr = 1e-4
                for param_group in opt.param_groups:
                    param_group["lr"] = opt.lr


Trainer(torch.nn.Linear(2, 1)).fit(10)
