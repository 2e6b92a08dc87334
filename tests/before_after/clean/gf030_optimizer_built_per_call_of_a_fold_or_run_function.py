# Functions that build their optimizer and run their own batch loop, called by loops that hand
# them new data (a fold), a new model (a run) or a new trainer each time, or called once; and
# one whose optimizer keeps no state (plain SGD): a new run each call, nothing to report.
import torch
import torch.nn.functional as F


def fit(net, data):
    adam = torch.optim.Adam(net.parameters(), lr=1e-3)
    for inputs, targets in data:
        adam.zero_grad()
        F.mse_loss(net(inputs), targets).backward()
        adam.step()


def plain_epoch(net, data):
    sgd = torch.optim.SGD(net.parameters(), lr=0.01)
    for inputs, targets in data:
        sgd.zero_grad()
        F.mse_loss(net(inputs), targets).backward()
        sgd.step()


class Runner:
    def __init__(self, net, data):
        self.net = net
        self.data = data

    def use(self, data):
        self.data = data

    def run(self):
        adam = torch.optim.Adam(self.net.parameters(), lr=1e-3)
        for inputs, targets in self.data:
            adam.zero_grad()
            F.mse_loss(self.net(inputs), targets).backward()
            adam.step()


folds = [[(torch.randn(8, 4), torch.randn(8, 2)) for _ in range(3)] for _ in range(4)]
net = torch.nn.Linear(4, 2)
for k in range(len(folds)):
    fit(net, folds[k])
for seed in range(3):
    fit(torch.nn.Linear(4, 2), folds[0])
fit(net, folds[1])
for epoch in range(5):
    plain_epoch(net, folds[0])
runner = Runner(net, folds[0])
for k in range(len(folds)):
    runner.use(folds[k])
    runner.run()
for seed in range(2):
    fresh = Runner(torch.nn.Linear(4, 2), folds[0])
    fresh.run()
