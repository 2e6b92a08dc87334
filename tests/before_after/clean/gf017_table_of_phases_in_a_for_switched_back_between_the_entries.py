import torch
import torch.nn.functional as F
from torch import nn


class Engine:
    """Each phase in its own pass of the `for`: the switch back runs between the two."""

    def __init__(self, network, batches):
        self.network = network
        self.batches = batches
        self.adam = torch.optim.Adam(network.parameters(), lr=1e-3)
        self.steps = dict(fit=self.fit_pass, probe=self.probe_pass)

    def fit_pass(self):
        for inputs, labels in self.batches:
            self.adam.zero_grad(set_to_none=True)
            loss = F.cross_entropy(self.network(inputs), labels)
            loss.backward()
            self.adam.step()

    def probe_pass(self):
        self.network.train(False)
        with torch.no_grad():
            return sum(self.network(inputs).sum().item() for inputs, _ in self.batches)

    def sweep(self, rounds):
        for _ in range(rounds):
            for name in ("probe", "fit"):
                self.steps[name]()
                self.network.train()

    def sweep2(self, rounds):
        for _ in range(rounds):
            for name in ("probe", "fit"):
                self.network.train()
                self.steps[name]()
