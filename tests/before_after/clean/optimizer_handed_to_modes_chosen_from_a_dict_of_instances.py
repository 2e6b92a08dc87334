import torch
import torch.nn.functional as F


class Measure:
    def step(self, net, optim, xb, yb):
        with torch.no_grad():
            return F.cross_entropy(net(xb), yb).item()

    def fit(self, net, loader):
        for xb, yb in loader:
            self.step(net, None, xb, yb)


class Learn:
    def step(self, net, optim, xb, yb):
        optim.zero_grad(set_to_none=True)
        F.cross_entropy(net(xb), yb).backward()
        optim.step()

    def fit(self, net, loader):
        optim = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
        for xb, yb in loader:
            self.step(net, optim, xb, yb)


MODES = {"learn": Learn(), "measure": Measure()}


class Runner:
    def __init__(self, net, mode_name):
        self.net = net
        self.mode_name = mode_name
        self.optim = torch.optim.Adam(net.parameters(), lr=1e-3)

    def go(self, batches, budget):
        mode = MODES[self.mode_name]
        seen = 0
        while seen < budget:
            xb, yb = next(batches)
            mode.step(self.net, self.optim, xb, yb)
            seen += 1


def sweep(make_net, loader, names):
    for name in names:
        mode = MODES[name]
        mode.fit(make_net(), loader)
