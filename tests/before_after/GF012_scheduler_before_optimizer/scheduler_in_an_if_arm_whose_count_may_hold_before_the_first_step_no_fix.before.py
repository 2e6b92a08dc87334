# Schedulers stepped before the optimizer's step under a count test that can hold before the
# first optimizer step: the count bumped before the test, a count starting at 1, an optimizer
# stepped every second update while the count grows every update, a count a caller sets
# (a resumed run). Each steps the scheduler before any optimizer step: still reported.
import torch
import torch.nn.functional as F


class Bumped:
    def __init__(self, net):
        self.net = net
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.decay = torch.optim.lr_scheduler.StepLR(self.adam, step_size=3)
        self.count = 0

    def update(self, x, y):
        self.count += 1
        if self.count > 0:
            self.decay.step()
        self.adam.zero_grad(set_to_none=True)
        F.mse_loss(self.net(x), y).backward()
        self.adam.step()

    def fit(self, batches):
        for x, y in batches:
            self.update(x, y)


class FromOne:
    def __init__(self, net):
        self.net = net
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.decay = torch.optim.lr_scheduler.StepLR(self.adam, step_size=3)
        self.tally = 1

    def update(self, x, y):
        if self.tally > 0:
            self.decay.step()
        self.adam.zero_grad(set_to_none=True)
        F.mse_loss(self.net(x), y).backward()
        self.adam.step()
        self.tally += 1

    def fit(self, batches):
        for x, y in batches:
            self.update(x, y)


class EverySecond:
    def __init__(self, net):
        self.net = net
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.decay = torch.optim.lr_scheduler.StepLR(self.adam, step_size=3)
        self.micro = 0

    def update(self, x, y):
        if self.micro > 0:
            self.decay.step()
        (F.mse_loss(self.net(x), y) / 2).backward()
        if self.micro % 2 == 1:
            self.adam.step()
            self.adam.zero_grad(set_to_none=True)
        self.micro += 1

    def fit(self, batches):
        for x, y in batches:
            self.update(x, y)


class Resumed:
    def __init__(self, net):
        self.net = net
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.decay = torch.optim.lr_scheduler.StepLR(self.adam, step_size=3)
        self.position = 0

    def update(self, x, y):
        if self.position >= 1:
            self.decay.step()
        self.adam.zero_grad(set_to_none=True)
        F.mse_loss(self.net(x), y).backward()
        self.adam.step()
        self.position += 1

    def fit(self, batches):
        for x, y in batches:
            self.update(x, y)


net = torch.nn.Linear(3, 1)
batches = [(torch.randn(4, 3), torch.randn(4, 1))] * 5
resumed = Resumed(net)
resumed.position = 40
Bumped(net).fit(batches)
FromOne(net).fit(batches)
EverySecond(net).fit(batches)
resumed.fit(batches)
