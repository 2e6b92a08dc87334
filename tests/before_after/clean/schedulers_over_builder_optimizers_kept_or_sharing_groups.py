import torch
from torch import nn


class GroupedBase:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.groups = [{"params": model.parameters()}]
        self.optimizer = self.build_optimizer()
        self.scheduler = torch.optim.lr_scheduler.StepLR(self.optimizer, step_size=2)
        self.optimizer = torch.optim.SGD(self.groups, lr=0.05)

    def build_optimizer(self):
        # the same group dicts: torch keeps them as `param_groups`, the rate reaches both
        return torch.optim.SGD(self.groups, lr=0.05)


class GroupedTrainer(GroupedBase):
    def fit(self):
        for x, y in self.loader:
            self.optimizer.zero_grad()
            nn.functional.cross_entropy(self.model(x), y).backward()
            self.optimizer.step()
            self.scheduler.step()


class RebuiltFirst:
    def __init__(self, model, loader, epochs=3):
        self.model = model
        self.loader = loader
        self.optimizer = self.build_optimizer()
        if epochs > 2:
            self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.scheduler = torch.optim.lr_scheduler.ExponentialLR(self.optimizer, gamma=0.9)

    def build_optimizer(self):
        return torch.optim.SGD(self.model.parameters(), lr=0.05)


class RebuiltFirstTrainer(RebuiltFirst):
    def fit(self):
        for x, y in self.loader:
            self.optimizer.zero_grad()
            nn.functional.cross_entropy(self.model(x), y).backward()
            self.optimizer.step()
            self.scheduler.step()
