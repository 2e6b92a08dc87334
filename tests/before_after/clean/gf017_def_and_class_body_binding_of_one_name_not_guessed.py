import torch
from torch import nn


def _quiet_score(network, loader):
    total = 0.0
    with torch.no_grad():
        for inputs, targets in loader:
            total += nn.functional.mse_loss(network(inputs), targets).item()
    return total


class Session:
    def measure(self, network, loader):
        network.eval()
        return _quiet_score(network, loader)

    measure = staticmethod(_quiet_score)

    def __init__(self, network, loader):
        self.network = network
        self.loader = loader
        self.optimiser = torch.optim.SGD(network.parameters(), lr=0.01)

    def run(self, rounds):
        self.network.train()
        done = 0
        while done < rounds:
            for inputs, targets in self.loader:
                self.optimiser.zero_grad(set_to_none=True)
                nn.functional.mse_loss(self.network(inputs), targets).backward()
                self.optimiser.step()
            print(self.measure(self.network, self.loader))
            done += 1


class Recipe:
    @staticmethod
    def probe(model, loader):
        model.eval()
        return _quiet_score(model, loader)

    probe = staticmethod(_quiet_score)


def train(model, loader, epochs):
    opt = torch.optim.Adam(model.parameters())
    model.train()
    for _ in range(epochs):
        for x, y in loader:
            opt.zero_grad(set_to_none=True)
            nn.functional.l1_loss(model(x), y).backward()
            opt.step()
        Recipe.probe(model, loader)
