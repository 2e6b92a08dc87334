import torch
import torch.nn.functional as F


class Fit:
    """Class methods the loops call by the class's name: the optimizer and the scaler built
    once in `setup`, stepped by `update` on every call."""

    @classmethod
    def setup(cls, net):
        cls.net = net
        cls.adam = torch.optim.Adam(net.parameters(), lr=1e-3)
        cls.scaler = torch.amp.GradScaler("cuda")

    @classmethod
    def update(cls, x, y):
        cls.adam.zero_grad()
        with torch.autocast("cuda", dtype=torch.float16):
            loss = F.mse_loss(cls.net(x), y)
        cls.scaler.scale(loss).backward()
        cls.scaler.step(cls.adam)
        cls.scaler.update()
        return loss.item()


class Grow:
    """`widen`, which the loop calls by the class's name before each update, puts a new
    network on the class: the optimizer `update` builds over it must be new each time."""

    @classmethod
    def setup(cls, make):
        cls.make = make
        cls.net = make(1)

    @classmethod
    def widen(cls, width):
        cls.net = cls.make(width)

    @classmethod
    def update(cls, x, y):
        cls.opt = torch.optim.SGD(cls.net.parameters(), lr=0.1, momentum=0.9)
        cls.opt.zero_grad()
        F.mse_loss(cls.net(x), y).backward()
        cls.opt.step()


def train(net, make, batches, rounds):
    Fit.setup(net)
    for r in range(rounds):
        for x, y in batches:
            Fit.update(x, y)
    Grow.setup(make)
    for width, (x, y) in enumerate(batches):
        Grow.widen(width + 1)
        Grow.update(x, y)
