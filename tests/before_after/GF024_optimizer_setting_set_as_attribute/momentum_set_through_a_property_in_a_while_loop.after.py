import torch
from torch import nn


class Runner:
    """Holds the optimizer it is given; the property hides where."""

    def __init__(self, net, opt, steps):
        self.net = net
        self.__opt = opt
        self.steps = steps

    @property
    def opt(self):
        """The optimizer this runner steps."""
        return self.__opt

    def cool_down(self):
        self.opt.momentum = 0.5
        for param_group in self.opt.param_groups:
            param_group["momentum"] = self.opt.momentum

    def run(self, data):
        step = 0
        while step < self.steps:
            x, y = data[step % len(data)]
            self.opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(self.net(x), y).backward()
            self.opt.step()
            step += 1
            if step == self.steps // 2:
                self.cool_down()


def main():
    net = nn.Linear(3, 1)
    opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
    Runner(net, opt, steps=20).run([(torch.randn(4, 3), torch.randn(4, 1))])
