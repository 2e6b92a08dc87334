import torch
from torch import nn


class Trainer:
    def __init__(self, model, loader, lr=0.01):
        self.model = model
        self.loader = loader
        self.opt = torch.optim.SGD(model.parameters(), lr=lr)
        self.handlers = {"train": self.train_one_epoch, "eval": self.evaluate}

    def train_one_epoch(self, loader):
        for x, y in loader:
            self.opt.zero_grad(set_to_none=True)
            loss = nn.functional.cross_entropy(self.model(x), y)
            loss.backward()
            self.opt.step()

    def evaluate(self, loader):
        self.model.eval()
        correct = 0
        with torch.no_grad():
            for x, y in loader:
                correct += (self.model(x).argmax(1) == y).sum().item()
        return correct

    def fit(self, epochs):
        for epoch in range(epochs):
            for phase in ("train", "eval"):
                self.handlers[phase](self.loader)
                self.model.train()
