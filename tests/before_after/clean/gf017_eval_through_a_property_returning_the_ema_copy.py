import copy

import torch
from torch import nn


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.ema = copy.deepcopy(model).requires_grad_(False)
        self.optimizer = torch.optim.Adam(model.parameters(), lr=1e-4)
        self.loader = loader

    @property
    def averaged(self):
        return self.ema

    def fit(self, epochs):
        for _ in range(epochs):
            for x, y in self.loader:
                self.optimizer.zero_grad()
                nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
                with torch.no_grad():
                    for e, p in zip(self.ema.parameters(), self.model.parameters()):
                        e.mul_(0.999).add_(p, alpha=0.001)
                self.averaged.eval()
                with torch.no_grad():
                    print(self.averaged(x).mean().item())
