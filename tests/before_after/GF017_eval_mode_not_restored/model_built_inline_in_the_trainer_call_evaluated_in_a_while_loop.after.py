import torch
from torch import nn


class Learner:
    def __init__(self, network, data, lr):
        self.network = network
        self.data = data
        self.sgd = torch.optim.SGD(network.parameters(), lr=lr, momentum=0.9)

    def step_all(self):
        for x, y in self.data:
            self.sgd.zero_grad()
            nn.functional.mse_loss(self.network(x), y).backward()
            self.sgd.step()

    def measure(self):
        self.network.eval()
        with torch.no_grad():
            return [nn.functional.mse_loss(self.network(x), y).item() for x, y in self.data]


learner = Learner(nn.Sequential(nn.Linear(8, 8), nn.BatchNorm1d(8), nn.Linear(8, 1)), [], lr=0.01)
rounds = 0
while rounds < 5:
    learner.step_all()
    learner.measure()
    learner.network.train()
    rounds += 1
