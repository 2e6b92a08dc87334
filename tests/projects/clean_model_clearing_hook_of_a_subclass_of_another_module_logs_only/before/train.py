import torch

from base import Loop


class LoggingLoop(Loop):
    def before_step(self):
        self.norms = [float(p.grad.norm()) for p in self.model.parameters()]


def run(model, loader):
    LoggingLoop(model, torch.optim.SGD(model.parameters(), lr=0.1)).fit(loader)
