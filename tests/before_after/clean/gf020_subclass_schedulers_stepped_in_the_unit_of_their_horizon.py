"""Schedulers built by subclasses and stepped by their hooks, each in the unit its horizon
counts: the base's loop runs whichever subclass's hook, and none mixes the units."""

import torch
from torch import nn


class Engine:
    def __init__(self, model, loader, num_epochs):
        self.model = model
        self.loader = loader
        self.num_epochs = num_epochs
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def batch(self, x, y):
        self.opt.zero_grad()
        nn.functional.mse_loss(self.model(x), y).backward()
        self.opt.step()

    def epoch_end(self, epoch):
        pass

    def run(self):
        for epoch in range(self.num_epochs):
            for x, y in self.loader:
                self.batch(x, y)
            self.epoch_end(epoch)


class PerBatch(Engine):
    def __init__(self, model, loader, num_epochs):
        super().__init__(model, loader, num_epochs)
        self.sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=len(self.loader) * self.num_epochs)

    def batch(self, x, y):
        super().batch(x, y)
        self.sched.step()


class PerEpoch(Engine):
    def __init__(self, model, loader, num_epochs):
        super().__init__(model, loader, num_epochs)
        self.sched = torch.optim.lr_scheduler.CosineAnnealingLR(self.opt, T_max=self.num_epochs)

    def epoch_end(self, epoch):
        self.sched.step()


class Trainer:
    def __init__(self, net, data, epochs):
        self.net, self.data, self.epochs = net, data, epochs
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)

    def after_epoch(self):
        pass

    def fit(self):
        epoch = 0
        while epoch < self.epochs:
            for inputs, targets in self.data:
                self.optimizer.zero_grad()
                nn.functional.mse_loss(self.net(inputs), targets).backward()
                self.optimizer.step()
            self.after_epoch()
            epoch += 1


class DecayingTrainer(Trainer):
    def __init__(self, net, data, epochs):
        super().__init__(net, data, epochs)
        self.decay = torch.optim.lr_scheduler.LinearLR(self.optimizer, start_factor=1.0, end_factor=0.1, total_iters=self.epochs)

    def after_epoch(self):
        self.decay.step()


data = [(torch.randn(8, 4), torch.randn(8, 1))] * 4
for kind in (PerBatch, PerEpoch):
    kind(nn.Linear(4, 1), data, 3).run()
DecayingTrainer(nn.Linear(4, 1), data, 3).fit()
