import torch
import torch.nn.functional as F


class OncePlan:
    """The schedule is built once in `start`, before the loop."""

    net = None
    optim = None
    lr_plan = None

    @classmethod
    def start(cls, net):
        cls.net = net
        cls.optim = torch.optim.Adam(net.parameters(), lr=1e-3)
        cls.lr_plan = torch.optim.lr_scheduler.StepLR(cls.optim, step_size=5, gamma=0.5)

    @classmethod
    def advance(cls, x, y):
        loss = F.mse_loss(cls.net(x), y)
        cls.optim.zero_grad()
        loss.backward()
        cls.optim.step()
        cls.lr_plan.step()
        return loss.item()


class StagePlan:
    """`restage`, called by the loop before each update, puts a new optimizer on the class:
    the schedule built in `advance` follows that new optimizer (meant)."""

    net = None
    optim = None
    lr_plan = None

    @classmethod
    def restage(cls, net):
        cls.net = net
        cls.optim = torch.optim.Adam(net.parameters(), lr=1e-3)

    @classmethod
    def advance(cls, x, y):
        cls.lr_plan = torch.optim.lr_scheduler.StepLR(cls.optim, step_size=5, gamma=0.5)
        loss = F.mse_loss(cls.net(x), y)
        cls.optim.zero_grad()
        loss.backward()
        cls.optim.step()
        cls.lr_plan.step()
        return loss.item()


def fit(net, batches, rounds):
    OncePlan.start(net)
    for _ in range(rounds):
        for x, y in batches:
            OncePlan.advance(x, y)


def staged(make_net, batches):
    for x, y in batches:
        StagePlan.restage(make_net())
        StagePlan.advance(x, y)
