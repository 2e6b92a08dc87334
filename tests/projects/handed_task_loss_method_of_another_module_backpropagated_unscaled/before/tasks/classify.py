import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, classes=3):
        super().__init__()
        self.head = nn.Linear(4, classes)
        self.criterion = nn.CrossEntropyLoss()

    def forward(self, x):
        return self.head(x)

    def get_loss(self, batch):
        x, y = batch
        return self.criterion(self(x), y)

    def make_optimizer(self):
        return torch.optim.SGD(self.parameters(), lr=0.05)
