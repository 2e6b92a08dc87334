import torch
import torch.nn as nn


class Stepper:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def step(self, x, y):
        self.opt.zero_grad()
        loss = nn.functional.cross_entropy(self.net(x), y)
        loss.backward()
        self.opt.step()
        return loss.item()


def run(net, opt, loader, epochs):
    stepper = Stepper(net, opt)
    for epoch in range(epochs):
        net.train()
        for x, y in loader:
            stepper.step(x, y)
        net.eval()
        with torch.no_grad():
            print(sum(nn.functional.cross_entropy(net(x), y).item() for x, y in loader))


net = nn.Sequential(nn.Linear(6, 16), nn.BatchNorm1d(16), nn.Linear(16, 3))
opt = torch.optim.SGD(net.parameters(), lr=0.05)
run(net, opt, [(torch.randn(8, 6), torch.randint(0, 3, (8,)))], 3)
