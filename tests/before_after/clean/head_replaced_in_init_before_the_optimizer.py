# The head is replaced first, then the optimizer is built over the model: it holds the new head.
import torch
from torch import nn


class FineTuner:
    def __init__(self, model, num_classes):
        self.model = model
        self.model.fc = nn.Linear(self.model.fc.in_features, num_classes)
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)

    def fit(self, loader, epochs):
        self.model.train()
        for epoch in range(epochs):
            for x, y in loader:
                self.optimizer.zero_grad()
                loss = nn.functional.cross_entropy(self.model(x), y)
                loss.backward()
                self.optimizer.step()
