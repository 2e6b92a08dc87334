import torch
from torch import nn


class Trainer:
    def __init__(self, net, lr):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=lr)

    def update(self, xb, yb, pieces=4):
        for xs, ys in zip(xb.chunk(pieces), yb.chunk(pieces)):
            self.opt.zero_grad(set_to_none=True)
            loss = nn.functional.mse_loss(self.net(xs), ys) / pieces
            loss.backward()
        self.opt.step()

    def fit(self, loader, epochs):
        for _ in range(epochs):
            for xb, yb in loader:
                self.update(xb, yb)
