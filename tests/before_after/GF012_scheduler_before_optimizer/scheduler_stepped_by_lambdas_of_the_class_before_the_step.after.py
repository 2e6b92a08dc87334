import torch
from torch import nn


class Runner:
    tick = lambda self: self.schedule.step()

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

    def fit_while(self, batches):
        i = 0
        while i < len(batches):
            x, y = batches[i]
            self.opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(self.model(x), y).backward()
            self.opt.step()
            self.tick()
            i += 1
