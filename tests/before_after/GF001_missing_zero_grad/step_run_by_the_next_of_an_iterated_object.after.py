import torch
from torch import nn


class Steps:
    """Iterating runs training: each `next()` fits one batch and returns its loss."""

    def __init__(self, net, batches, epochs):
        self.net = net
        self.batches = batches
        self.epochs = epochs
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.epoch = 0
        self.pending = iter(batches)

    def __iter__(self):
        return self

    def __next__(self):
        try:
            inputs, targets = next(self.pending)
        except StopIteration:
            self.epoch += 1
            if self.epoch == self.epochs:
                raise
            self.pending = iter(self.batches)
            return self.__next__()
        return self.fit_batch(inputs, targets)

    def fit_batch(self, inputs, targets):
        self.optimizer.zero_grad(set_to_none=True)
        loss = nn.functional.mse_loss(self.net(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()


def train(net, batches, epochs):
    history = []
    for loss in Steps(net, batches, epochs):
        history.append(loss)
    return history
