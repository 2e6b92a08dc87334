import torch
from torch.nn import functional as F


class Runner:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def update(self, batch):
        inputs, targets = batch
        self.optimizer.zero_grad()
        F.cross_entropy(self.model(inputs), targets).backward()
        self.optimizer.step()

    def evaluate(self, batch):
        self.model.eval()
        inputs, targets = batch
        with torch.no_grad():
            return (self.model(inputs).argmax(1) == targets).float().mean().item()
