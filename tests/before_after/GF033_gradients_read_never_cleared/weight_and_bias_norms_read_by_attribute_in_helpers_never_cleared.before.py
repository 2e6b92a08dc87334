import torch.nn.functional as F


def record(net, norms, xb, yb):
    F.mse_loss(net(xb), yb).backward()
    norms.append(net.fc.weight.grad.norm().item())


def estimate(net, batches):
    norms = []
    for xb, yb in batches:
        record(net, norms, xb, yb)
    return norms


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
