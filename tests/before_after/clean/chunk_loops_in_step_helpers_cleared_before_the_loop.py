import torch
from torch import nn


class Trainer:
    def __init__(self, net, head, lr):
        self.net = net
        self.head = head
        self.opt = torch.optim.SGD(net.parameters(), lr=lr)
        self.opt_head = torch.optim.SGD(head.parameters(), lr=lr)

    def update(self, xb, yb, pieces=4):
        self.opt.zero_grad(set_to_none=True)
        self.opt_head.zero_grad(set_to_none=True)
        for xs, ys in zip(xb.chunk(pieces), yb.chunk(pieces)):
            loss = nn.functional.mse_loss(self.head(self.net(xs)), ys) / pieces
            loss.backward()
        self.opt.step()
        self.opt_head.step()

    def update_per_chunk(self, xb, yb, pieces=4):
        for xs, ys in zip(xb.chunk(pieces), yb.chunk(pieces)):
            self.opt.zero_grad(set_to_none=True)
            nn.functional.mse_loss(self.head(self.net(xs)), ys).backward()
            self.opt.step()

    def fit(self, loader, epochs, per_chunk=False):
        for _ in range(epochs):
            for xb, yb in loader:
                if per_chunk:
                    self.update_per_chunk(xb, yb)
                else:
                    self.update(xb, yb)


def retry_step(net, opt, xb, yb, tries=3):
    attempt = 0
    while attempt < tries:
        opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(net(xb), yb)
        loss.backward()
        if torch.isfinite(loss):
            break
        attempt += 1
    opt.step()
