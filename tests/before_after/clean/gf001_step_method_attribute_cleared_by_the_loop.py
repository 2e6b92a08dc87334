# Correct: the step method bound to an attribute in `__init__` does not clear, but the loop
# calling the attribute clears the optimizer before each call.
import torch


class Regressor:
    def __init__(self, net, data):
        self.net = net
        self.data = data
        self.optimizer = torch.optim.SGD(net.parameters(), lr=0.05)
        self.run_batch = self.sgd_update

    def sgd_update(self, features, target):
        loss = ((self.net(features) - target) ** 2).mean()
        loss.backward()
        self.optimizer.step()

    def train(self, epochs):
        for _ in range(epochs):
            for features, target in self.data:
                self.optimizer.zero_grad()
                self.run_batch(features, target)
