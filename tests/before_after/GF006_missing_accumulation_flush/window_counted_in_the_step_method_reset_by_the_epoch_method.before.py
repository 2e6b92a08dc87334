"""The step method counts its micro-batches on the trainer (`self.micro += 1`) and steps on
every `EVERY`-th; `self.new_epoch()` sets the count back to 0 after each epoch's batch loop.
The micro-batches after the last full window are never stepped on their own: the flush goes
after the batch loop, before the reset."""
import torch
import torch.nn.functional as F

EVERY = 3


class Fitter:
    def __init__(self, net: torch.nn.Module) -> None:
        self.net = net
        self.sgd = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)
        self.micro = 0

    def learn(self, xb, yb):
        (F.mse_loss(self.net(xb), yb) / EVERY).backward()
        self.micro += 1
        if self.micro % EVERY == 0:
            self.sgd.step()
            self.sgd.zero_grad()

    def new_epoch(self):
        self.micro = 0

    def fit(self, data, epochs):
        epoch = 0
        while epoch < epochs:
            for xb, yb in data:
                self.learn(xb, yb)
            self.new_epoch()
            epoch += 1
