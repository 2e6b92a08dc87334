import torch
from torch import nn


class AverageMeter:
    def __init__(self):
        self.total, self.count = 0.0, 0

    def update(self, value, n=1):
        self.total += value * n
        self.count += n


class Agent:
    def __init__(self):
        self.net = nn.Linear(4, 2)
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)

    def update(self, x, y):
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


agent = Agent()
meter = AverageMeter()
for step in range(100):
    x = torch.randn(8, 4)
    meter.update(agent.update(x, x[:, :2]), n=8)
print(meter.total / meter.count)
