import torch
import torch.nn.functional as F


class Loop:
    def __init__(self, net, opt, data):
        self.net, self.opt, self.data = net, opt, data

    def update(self, x, y):
        """Run one step; return the loss."""
        ...

    def run(self, steps):
        total, i = 0.0, 0
        while i < steps:
            x, y = self.data[i % len(self.data)]
            out = self.update(x, y)
            total += float(out)
            i += 1
        return total / steps


class Classifier(Loop):
    def update(self, x, y):
        self.opt.zero_grad()
        objective = F.cross_entropy(self.net(x), y)
        torch.autograd.backward(objective, retain_graph=True)
        self.opt.step()
        return objective
