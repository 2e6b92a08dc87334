# The evaluation method inherited from the base class switches the model back to train mode
# before it returns: correct.
import torch
from torch import nn


class Base:
    def __init__(self, model, loader, val_loader):
        self.model = model
        self.loader = loader
        self.val_loader = val_loader

    def evaluate(self):
        self.model.eval()
        total = 0.0
        with torch.no_grad():
            for x, y in self.val_loader:
                total += nn.functional.cross_entropy(self.model(x), y).item()
        self.model.train()
        return total


class Trainer(Base):
    def __init__(self, model, loader, val_loader):
        super().__init__(model, loader, val_loader)
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def fit(self, epochs):
        self.model.train()
        for epoch in range(epochs):
            for x, y in self.loader:
                self.optimizer.zero_grad()
                loss = nn.functional.cross_entropy(self.model(x), y)
                loss.backward()
                self.optimizer.step()
            self.evaluate()
