import torch.nn.functional as F


class Probe:
    def __init__(self, net):
        self.net = net
        self.biases = []

    def observe(self, xb, yb):
        loss = F.cross_entropy(self.net(xb), yb)
        loss.backward()
        self.biases.append(self.net[2].bias.grad.abs().sum())

    def sweep(self, batches):
        while batches:
            xb, yb = batches.pop()
            self.observe(xb, yb)
