import torch
from torch import nn


class Runner:
    def __init__(self, model, data):
        self.model = model
        self.data = data

    def run(self, rounds):
        opt = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        for r in range(rounds):
            for k, (a, b) in enumerate(self.data):
                opt.zero_grad()
                nn.functional.l1_loss(self.model(a), b).backward()
                opt.step()
                sched = torch.optim.lr_scheduler.MultiStepLR(opt, milestones=[30, 60], gamma=0.1)
                sched.step()
