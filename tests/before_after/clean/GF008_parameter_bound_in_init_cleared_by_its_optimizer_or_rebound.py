import torch
from torch import nn


class Distiller:
    """Cleared by the optimizer that owns it."""

    def __init__(self, student):
        self.student = student
        self.temperature = nn.Parameter(torch.ones(1))
        self.opt = torch.optim.SGD(list(student.parameters()) + [self.temperature], lr=0.1)

    def fit(self, data):
        k = 0
        while k < len(data):
            x, y = data[k]
            self.opt.zero_grad(set_to_none=True)
            loss = nn.functional.mse_loss(self.student(x) / self.temperature, y)
            loss.backward()
            self.opt.step()
            k += 1


class Sharing:
    """`.gain` is assigned twice in the file: which tensor the objects hold is not read."""

    def __init__(self, net, gain=None):
        self.net = net
        self.gain = nn.Parameter(torch.ones(1))
        self.opt = torch.optim.SGD(list(net.parameters()) + [self.gain], lr=0.1)

    def tie(self, other):
        other.gain = self.gain

    def fit(self, data):
        for x, y in data:
            self.net.zero_grad(set_to_none=True)
            nn.functional.mse_loss(self.net(x) * self.gain, y).backward()
            self.opt.step()
