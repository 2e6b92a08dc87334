import torch
import torch.nn as nn


class Stepper:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def step(self, x, target):
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.net(x), target)
        loss.backward()
        self.opt.step()
        return loss.item()


def distil(student, teacher, opt, loader, epochs):
    stepper = Stepper(student, opt)
    for epoch in range(epochs):
        teacher.eval()
        for x in loader:
            with torch.no_grad():
                target = teacher(x)
            stepper.step(x, target)


student = nn.Sequential(nn.Linear(6, 16), nn.BatchNorm1d(16), nn.Linear(16, 3))
teacher = nn.Sequential(nn.Linear(6, 16), nn.BatchNorm1d(16), nn.Linear(16, 3))
opt = torch.optim.SGD(student.parameters(), lr=0.05)
distil(student, teacher, opt, [torch.randn(8, 6)], 3)
