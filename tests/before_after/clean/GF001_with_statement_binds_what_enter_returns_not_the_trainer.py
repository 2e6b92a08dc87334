import torch
from torch import nn


class Session:
    def __init__(self, net, opt):
        self.net = net
        self.opt = opt

    def update(self, inputs, targets):
        self.opt.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(self.net(inputs), targets)
        loss.backward()
        self.opt.step()
        return loss.item()


class Lease:
    """Hands out a session; its own `update` (never called on a lease) does not clear."""

    def __init__(self, net, lr):
        self.net = net
        self.opt = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)

    def __enter__(self):
        return Session(self.net, self.opt)

    def __exit__(self, *exc):
        return False

    def update(self, inputs, targets):
        loss = nn.functional.mse_loss(self.net(inputs), targets)
        loss.backward()
        self.opt.step()
        return loss.item()


def run(net, batches, epochs):
    history = []
    with Lease(net, lr=0.01) as session:
        for epoch in range(epochs):
            for inputs, targets in batches:
                history.append(session.update(inputs, targets))
    return history
