import torch
import torch.nn.functional as F
from torch import nn


class Runner:
    def __init__(self):
        self.net = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 3))
        self.opt = torch.optim.SGD(self.net.parameters(), lr=0.1)

    def run(self, batches):
        position = 0
        while position < len(batches):
            inputs, labels = batches[position]
            self.opt.zero_grad()
            F.cross_entropy(self.net(inputs), labels).backward(retain_graph=True)
            self.opt.step()
            position += 1


def fit(model, optimizer, loader):
    for features, targets in loader:
        optimizer.zero_grad()
        torch.nn.functional.mse_loss(model(features), targets).backward()  # regression
        optimizer.step()


if __name__ == "__main__":
    Runner().run([(torch.randn(5, 4), torch.randint(0, 3, (5,))) for _ in range(4)])
    net = nn.Linear(4, 1)
    fit(net, torch.optim.Adam(net.parameters()), [(torch.randn(5, 4), torch.randn(5, 1))])
