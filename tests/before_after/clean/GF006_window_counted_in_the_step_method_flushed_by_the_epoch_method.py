"""The step method counts its micro-batches on the trainer and steps on every `EVERY`-th; the
epoch method steps on the leftover micro-batches before it sets the count back to 0. Correct."""
import torch
import torch.nn.functional as F

EVERY = 3


class Fitter:
    def __init__(self, net: torch.nn.Module) -> None:
        self.net = net
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.05)
        self.micro = 0

    def learn(self, xb, yb):
        (F.mse_loss(self.net(xb), yb) / EVERY).backward()
        self.micro += 1
        if self.micro % EVERY == 0:
            self.sgd.step()
            self.sgd.zero_grad()

    def new_epoch(self):
        if self.micro % EVERY != 0:
            self.sgd.step()
            self.sgd.zero_grad()
        self.micro = 0

    def fit(self, data, epochs):
        for _ in range(epochs):
            for xb, yb in data:
                self.learn(xb, yb)
            self.new_epoch()
