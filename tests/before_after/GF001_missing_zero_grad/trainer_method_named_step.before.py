import torch
from torch import nn


class Trainer:
    def __init__(self, model, lr=1e-3):
        self.model = model
        self.criterion = nn.CrossEntropyLoss()
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=lr)

    def step(self, inputs, targets):
        loss = self.criterion(self.model(inputs), targets)
        loss.backward()
        self.optimizer.step()
        return loss.item()

    def fit(self, loader, epochs=1):
        history = []
        for epoch in range(epochs):
            for inputs, targets in loader:
                history.append(self.step(inputs, targets))
        return history
