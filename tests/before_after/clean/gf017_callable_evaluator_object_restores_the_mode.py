# `evaluator(epoch, net)` calls `PeriodicEvaluator.__call__`, which puts the network back in the
# mode it found it in (`network.train(was_training)`): the training after it runs in train mode.
import torch
import torch.nn as nn


class PeriodicEvaluator:
    def __init__(self, batches, every):
        self.batches = batches
        self.every = every

    def __call__(self, epoch, network):
        if epoch % self.every:
            return None
        was_training = network.training
        network.eval()
        with torch.no_grad():
            score = sum(nn.functional.mse_loss(network(x), y).item() for x, y in self.batches)
        network.train(was_training)
        return score


def train(net, loader, val_batches, epochs):
    optimizer = torch.optim.SGD(net.parameters(), lr=0.01)
    evaluator = PeriodicEvaluator(val_batches, every=2)
    net.train()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.mse_loss(net(x), y).backward()
            optimizer.step()
        print(epoch, evaluator(epoch, net))
