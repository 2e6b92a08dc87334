# The trainer clears `self.net` after the backward; the optimizer it steps comes in through
# `__init__` (bound with the network in one tuple assignment), and the one call of the class
# builds it over exactly that network's parameters: the clear wipes what `self.optim.step()`
# applies.
import torch
from torch import nn


class Runner:
    def __init__(self, net, optim, device="cpu"):
        self.net, self.optim = net, optim
        self.device = device

    def train_epoch(self, batches):
        self.net.train()
        while batches:
            inputs, labels = batches.pop()
            self.optim.zero_grad()
            out = self.net(inputs.to(self.device))
            nn.functional.mse_loss(out, labels.to(self.device)).backward()
            self.net.zero_grad()
            self.optim.step()


network = nn.Linear(3, 1)
runner = Runner(network, torch.optim.Adam(network.parameters(), lr=1e-3))
for _ in range(5):
    runner.train_epoch([(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(8)])
