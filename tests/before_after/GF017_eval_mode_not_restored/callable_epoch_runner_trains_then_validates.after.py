import torch
from torch import nn


class EpochRunner:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.optimizer = torch.optim.AdamW(self.model.parameters(), lr=lr)

    def evaluate(self, loader):
        self.model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in loader:
                correct += (self.model(x).argmax(-1) == y).sum().item()
        return correct

    def __call__(self, train_loader, val_loader):
        for x, y in train_loader:
            self.optimizer.zero_grad()
            nn.functional.cross_entropy(self.model(x), y).backward()
            self.optimizer.step()
        return self.evaluate(val_loader)  # leaves the model in eval mode


def fit(model, train_loader, val_loader, epochs):
    runner = EpochRunner(model)
    for epoch in range(epochs):
        accuracy = runner(train_loader, val_loader)
        model.train()
        print(epoch, accuracy)
