import torch
from torch import optim


class Trainer:
    def __init__(self, model, loader, epochs):
        self.model = model
        self.loader = loader
        self.epochs = epochs
        self.optimizer = optim.Adam(model.parameters(), lr=1e-3)

    def fit(self):
        epoch = 0
        self.scheduler = optim.lr_scheduler.StepLR(self.optimizer, step_size=10, gamma=0.5)
        while epoch < self.epochs:
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = ((self.model(x) - y) ** 2).mean()
                loss.backward()
                self.optimizer.step()
            val = self.validate()
            self.scheduler.step()
            epoch += 1

    def validate(self):
        return 0.0
