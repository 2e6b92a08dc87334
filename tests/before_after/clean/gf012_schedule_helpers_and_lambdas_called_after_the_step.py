import torch
from torch import nn


def train(model, loader):
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    sched = torch.optim.lr_scheduler.StepLR(opt, step_size=10)

    def advance():
        sched.step()

    tick = lambda: sched.step()
    for i, (x, y) in enumerate(loader):
        opt.zero_grad(set_to_none=True)
        nn.functional.mse_loss(model(x), y).backward()
        opt.step()
        if i % 2:
            advance()
        else:
            tick()


class Runner:
    def __init__(self, model):
        self.model = model
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.schedule = torch.optim.lr_scheduler.StepLR(self.opt, 10)
        self.advance = lambda: self.schedule.step()

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(self.model(x), y).backward()
            self.opt.step()
            self.advance()
