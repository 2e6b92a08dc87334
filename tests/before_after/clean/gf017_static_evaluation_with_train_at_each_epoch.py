# A static evaluation helper leaves the model in eval mode, but each epoch starts with
# model.train(): correct.
import torch
from torch import nn


class Trainer:
    @staticmethod
    def evaluate(model, loader):
        model.eval()
        total = 0.0
        with torch.no_grad():
            for x, y in loader:
                total += nn.functional.cross_entropy(model(x), y).item()
        return total

    def fit(self, model, loader, val_loader, epochs):
        optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
        model.train()
        for epoch in range(epochs):
            model.train()
            for x, y in loader:
                optimizer.zero_grad()
                loss = nn.functional.cross_entropy(model(x), y)
                loss.backward()
                optimizer.step()
            print(Trainer.evaluate(model, val_loader))
