import torch
import torch.nn as nn


class Learner:
    """Each `learner += (inputs, targets)` trains on one batch."""

    def __init__(self, net, lr):
        self.net = net
        self.optimizer = torch.optim.SGD(net.parameters(), lr=lr, momentum=0.9)
        self.seen = 0

    def __iadd__(self, batch):
        inputs, targets = batch
        loss = nn.functional.mse_loss(self.net(inputs), targets)
        loss.backward()
        self.optimizer.step()
        self.seen += 1
        return self


def fit(net, batches):
    learner = Learner(net, lr=0.01)
    position = 0
    while position < len(batches):
        learner += batches[position]
        position += 1
    return learner.seen
