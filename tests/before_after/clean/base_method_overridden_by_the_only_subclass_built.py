"""A trainer base class with a concrete `optimize()` that only steps, and the one subclass the
script builds overrides it to step and clear: the base class is never built, so every
`self.optimize()` of its loop runs the override, and the gradients are cleared after each step."""
import torch
import torch.nn.functional as F
from torch import nn


class Trainer:
    def __init__(self, model, optimizer):
        self.model = model
        self.optimizer = optimizer

    def optimize(self):
        self.optimizer.step()

    def fit(self, batches):
        for x, y in batches:
            F.mse_loss(self.model(x), y).backward()
            self.optimize()


class ClearingTrainer(Trainer):
    def optimize(self):
        self.optimizer.step()
        self.optimizer.zero_grad(set_to_none=True)


model = nn.Linear(6, 1)
batches = [(torch.randn(8, 6), torch.randn(8, 1)) for _ in range(4)]
ClearingTrainer(model, torch.optim.SGD(model.parameters(), lr=0.1)).fit(batches)
