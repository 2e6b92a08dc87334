# A trainer evaluates after each epoch and then switches back only the first layer of its
# sequential model (`self.model[0].train()`); its optimizer trains the whole model, whose
# dropout stays off for the rest of the training. Reported with an unsafe fix.
import torch
from torch import nn


class Trainer:
    def __init__(self, loader, val_loader):
        self.model = nn.Sequential(nn.Linear(8, 16), nn.Dropout(0.5), nn.ReLU(), nn.Linear(16, 1))
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=1e-3)
        self.loader = loader
        self.val_loader = val_loader

    def validate(self):
        self.model.eval()
        with torch.no_grad():
            return sum(nn.functional.mse_loss(self.model(x), y).item() for x, y in self.val_loader)

    def fit(self, max_epochs):
        epoch = 0
        while epoch < max_epochs:
            for x, y in self.loader:
                self.optimizer.zero_grad()
                nn.functional.mse_loss(self.model(x), y).backward()
                self.optimizer.step()
            print(self.validate())
            self.model[0].train()
            epoch += 1
