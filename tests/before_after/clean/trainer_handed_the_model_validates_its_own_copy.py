import copy

import torch
from torch import nn


class Trainer:
    """Validates a snapshot taken when built: the model handed in trains on."""
    def __init__(self, model, loader):
        self.model = copy.deepcopy(model)
        self.loader = loader
        self.optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4)

    def fit_epoch(self):
        for inputs, labels in self.loader:
            self.optimizer.zero_grad()
            loss = nn.functional.cross_entropy(self.model(inputs), labels)
            loss.backward()
            self.optimizer.step()

    def validate(self):
        self.model.eval()
        correct = 0
        with torch.no_grad():
            for inputs, labels in self.loader:
                correct += (self.model(inputs).argmax(1) == labels).sum().item()
        return correct


model = nn.Sequential(nn.Linear(10, 32), nn.Dropout(0.2), nn.Linear(32, 4))
loader = []
trainer = Trainer(model, loader)
for epoch in range(10):
    trainer.fit_epoch()
    print(epoch, trainer.validate())
