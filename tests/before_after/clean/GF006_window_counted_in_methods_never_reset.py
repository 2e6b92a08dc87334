"""The step method counts micro-batches on the trainer for the whole run and never sets the
count back: a window may span two epochs, and none is left over but at the very end of the
run, which gradfix does not judge. Silent."""
import torch
import torch.nn.functional as F

EVERY = 3


class Fitter:
    def __init__(self, net: torch.nn.Module) -> None:
        self.net = net
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.05)
        self.micro = 0

    def count(self):
        self.micro += 1

    def learn(self, xb, yb):
        (F.mse_loss(self.net(xb), yb) / EVERY).backward()
        self.count()
        if self.micro % EVERY == 0:
            self.sgd.step()
            self.sgd.zero_grad()

    def fit(self, data, epochs):
        for _ in range(epochs):
            for xb, yb in data:
                self.learn(xb, yb)
