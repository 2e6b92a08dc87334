import torch
import torch.nn as nn


class Trainer:
    def __init__(self, model, optimizer, teacher=None):
        self.model, self.optimizer = model, optimizer
        self.teacher = teacher

    def validate(self, batches):
        self.model.eval()
        with torch.no_grad():
            return sum(nn.functional.mse_loss(self.model(x), y).item() for x, y in batches)

    def fit(self, loader, val_batches, epochs):
        for epoch in range(epochs):
            for x, y in loader:
                self.optimizer.zero_grad()
                nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
            self.validate(val_batches)
            self.model.train()


def main(loader, val_batches):
    net = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.1), nn.Linear(16, 1))
    Trainer(net, torch.optim.SGD(net.parameters(), lr=0.1)).fit(loader, val_batches, 3)
