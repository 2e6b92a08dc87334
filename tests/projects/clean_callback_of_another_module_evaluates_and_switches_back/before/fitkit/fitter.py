import torch.nn.functional as F


class Fitter:
    def __init__(self, network, optimizer, listeners=None):
        self.network = network
        self.optimizer = optimizer
        self.listeners = list(listeners)

    def fit(self, batches, epochs):
        for _ in range(epochs):
            for listener in self.listeners:
                listener.epoch_begin(self)
            for inputs, targets in batches:
                self.optimizer.zero_grad()
                F.mse_loss(self.network(inputs), targets).backward()
                self.optimizer.step()
            for listener in self.listeners:
                listener.epoch_end(self)
