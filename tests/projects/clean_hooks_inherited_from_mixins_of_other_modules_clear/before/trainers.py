# Both hooks clear: HookMixin's through the trainer's own `reset_batch`, ClearingMixin's itself.
import torch
from torch import nn

from clearing import ClearingMixin
from hooks import HookMixin


class HookedTrainer(HookMixin):
    def __init__(self, net, optimizer):
        self.net, self.optimizer = net, optimizer

    def reset_batch(self):
        self.optimizer.zero_grad()

    def train(self, loader, epochs):
        for _ in range(epochs):
            for x, y in loader:
                self.on_batch_start()
                nn.functional.mse_loss(self.net(x), y).backward()
                self.optimizer.step()


class ClearedTrainer(ClearingMixin):
    def __init__(self, net, optimizer):
        self.net, self.optimizer = net, optimizer

    def train(self, loader, epochs):
        for _ in range(epochs):
            for x, y in loader:
                self.before_batch()
                nn.functional.mse_loss(self.net(x), y).backward()
                self.optimizer.step()


def main(loader):
    net = nn.Linear(8, 1)
    HookedTrainer(net, torch.optim.SGD(net.parameters(), lr=0.01)).train(loader, 3)
    ClearedTrainer(net, torch.optim.SGD(net.parameters(), lr=0.01)).train(loader, 3)
