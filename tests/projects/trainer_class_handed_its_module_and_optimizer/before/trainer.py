import torch
from torch.nn import functional as F


class Trainer:
    def __init__(self, model, optimizer, train_loader, val_loader):
        self.model = model
        self.optimizer = optimizer
        self.train_loader = train_loader
        self.val_loader = val_loader

    def validate(self):
        self.model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in self.val_loader:
                correct += (self.model(x).argmax(dim=1) == y).sum().item()
        return correct

    def fit(self, epochs):
        for epoch in range(epochs):
            for x, y in self.train_loader:
                self.optimizer.zero_grad()
                F.cross_entropy(self.model(x), y).backward()
                self.optimizer.step()
            print(epoch, self.validate())
