import torch
from accelerate import Accelerator
from torch.nn import functional as F


class Trainer:
    def __init__(self, model, train_loader, eval_loader, lr: float = 1e-3):
        self.accelerator = Accelerator()
        optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
        self.model, self.optimizer, self.train_loader, self.eval_loader = self.accelerator.prepare(
            model, optimizer, train_loader, eval_loader
        )

    def train_epoch(self):
        for inputs, labels in self.train_loader:
            self.optimizer.zero_grad()
            loss = F.cross_entropy(self.model(inputs), labels)
            self.accelerator.backward(loss)
            self.optimizer.step()

    def evaluate(self):
        self.model.eval()
        correct = 0
        with torch.no_grad():
            for inputs, labels in self.eval_loader:
                correct += (self.model(inputs).argmax(-1) == labels).sum().item()
        return correct

    def fit(self, epochs: int):
        self.model.train()
        for epoch in range(epochs):
            self.train_epoch()
            self.accelerator.print(epoch, self.evaluate())
            self.model.train()
