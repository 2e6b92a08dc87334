import torch
import torch.nn as nn


class SetupLater:
    def setup(self, net, classes):
        self.net = net
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.net.classifier = nn.Linear(16, classes)

    def fit(self, loader):
        for x, y in loader:
            self.opt.zero_grad()
            nn.functional.cross_entropy(self.net(x), y).backward()
            self.opt.step()
