import torch
from torch import nn


class Learner:
    def __init__(self, net, window=3):
        self.net = net
        self.window = window
        self.optim = torch.optim.SGD(net.parameters(), lr=0.05, momentum=0.9)

    def run_epoch(self, batches):
        for b, (inp, out) in enumerate(batches):
            (nn.functional.mse_loss(self.net(inp), out) / self.window).backward()
            if (b + 1) % self.window == 0:
                self.optim.step()
                self.optim.zero_grad(set_to_none=False)

    def close_epoch(self):
        self.optim.step()
        self.optim.zero_grad(set_to_none=False)


def drive(batches, epochs=6):
    learner = Learner(nn.Linear(5, 1))
    for _ in range(epochs):
        learner.run_epoch(batches)
        learner.close_epoch()
