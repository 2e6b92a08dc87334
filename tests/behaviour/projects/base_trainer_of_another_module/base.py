"""A trainer base class: it builds the optimizer over the network it is handed and scores on
held-out batches, leaving the network in eval mode (the bug, for the loop in train.py)."""
import torch


class BaseTrainer:
    def __init__(self, network, lr=0.05):
        self.network = network
        self.optim = torch.optim.SGD(network.parameters(), lr=lr, momentum=0.9)

    @torch.no_grad()
    def score(self, batches):
        self.network.eval()
        return sum(float((self.network(x).argmax(1) == y).float().mean()) for x, y in batches)
