import torch
from torch import nn


class Batches:
    def __init__(self, net, data):
        self.net = net
        self.data = data
        self.optimizer = torch.optim.Adam(net.parameters(), lr=1e-3)
        self.position = 0

    def __iter__(self):
        return self

    def __next__(self):
        if self.position == len(self.data):
            raise StopIteration
        x, y = self.data[self.position]
        self.position += 1
        return self.update(x, y)

    def update(self, x, y):
        loss = nn.functional.mse_loss(self.net(x), y)
        loss.backward()
        self.optimizer.step()
        return loss.item()


def train(net, data):
    batches = Batches(net, data)
    history = []
    for loss in batches:
        history.append(loss)
    return history
