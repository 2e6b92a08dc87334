import torch
from torch import nn


class Trainer:
    def __init__(self, model, loader):
        self.model = model
        self.loader = loader
        self.optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        self.clear = lambda: self.optimizer.zero_grad()

    def fit(self, epochs):
        for _ in range(epochs):
            for x, y in self.loader:
                self.clear()
                loss = nn.functional.mse_loss(self.model(x), y)
                loss.backward()
                self.optimizer.step()
