# A scheduler stepped before the optimizer's step, but under a test that cannot hold until
# the optimizer has stepped: a count an `__init__` sets to 0 and that only grows after the
# optimizer's step (a step method past its warm-up, a step method from its second update, a
# loop reading a state object's counter). Each scheduler step follows an optimizer step, as
# torch asks, and the schedule is the one stepping after the optimizer would give.
import torch
import torch.nn.functional as F


class Warmed:
    def __init__(self, net):
        self.net = net
        self.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.cosine = torch.optim.lr_scheduler.CosineAnnealingLR(self.adam, T_max=50)
        self.updates = 0
        self.warm = 8

    def update(self, x, y):
        if self.updates < self.warm:
            for group in self.adam.param_groups:
                group["lr"] = 1e-3 * (self.updates + 1) / self.warm
        if self.updates >= self.warm:
            self.cosine.step()
        self.adam.zero_grad(set_to_none=True)
        F.mse_loss(self.net(x), y).backward()
        self.adam.step()
        self.updates += 1

    def run(self, batches):
        for x, y in batches:
            self.update(x, y)


class FromTheSecond:
    def __init__(self, net):
        self.net = net
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.1, momentum=0.9)
        self.decay = torch.optim.lr_scheduler.StepLR(self.sgd, step_size=3)
        self.seen = 0

    def train_step(self, x, y, log):
        if 0 < self.seen and log:
            self.decay.step()
        self.sgd.zero_grad(set_to_none=True)
        F.mse_loss(self.net(x), y).backward()
        self.sgd.step()
        self.seen += 1

    def fit(self, batches):
        k = 0
        while k < len(batches):
            self.train_step(*batches[k], log=True)
            k += 1


class Progress:
    def __init__(self):
        self.done = 0


net = torch.nn.Linear(3, 1)
batches = [(torch.randn(4, 3), torch.randn(4, 1))] * 5
Warmed(net).run(batches)
FromTheSecond(net).fit(batches)
opt = torch.optim.RMSprop(net.parameters(), lr=1e-3)
exp = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=0.9)
progress = Progress()
for x, y in batches:
    if progress.done:
        exp.step()
    opt.zero_grad(set_to_none=True)
    F.mse_loss(net(x), y).backward()
    opt.step()
    progress.done += 1
