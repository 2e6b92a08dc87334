import torch
from torch import nn


class Learner:
    """`loss = self(batch)`: the trainer calls itself, its `__call__` hands the pieces to a
    static step method."""

    def __init__(self, net, lr=0.1):
        self.net = net
        self.lr = lr
        self._optimizer = None

    @property
    def optimizer(self):
        if self._optimizer is None:
            self._optimizer = torch.optim.SGD(self.net.parameters(), lr=self.lr)
        return self._optimizer

    @staticmethod
    def update(net, optimizer, batch):
        inputs, targets = batch
        loss = nn.functional.mse_loss(net(inputs), targets)
        loss.backward()
        optimizer.step()
        return loss.item()

    def __call__(self, batch):
        return Learner.update(self.net, self.optimizer, batch)

    def loop(self, batches):
        history = []
        for batch in batches:
            history.append(self(batch))
        return history
