# `reset_head` re-initialises the head's existing parameters in place, and `reset_classifier`
# replaces the head before the optimizer is built: the optimizer holds every parameter trained.
import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, classes=1000):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(32, 64), nn.GELU())
        self.head = nn.Linear(64, classes)

    def reset_classifier(self, classes):
        self.head = nn.Linear(64, classes)

    def reset_head(self):
        self.head.reset_parameters()

    def forward(self, x):
        return self.head(self.trunk(x))


def finetune(loader, classes, epochs=3):
    net = Classifier()
    net.reset_classifier(classes)
    optimizer = torch.optim.AdamW(net.parameters(), lr=1e-4)
    net.reset_head()
    for _ in range(epochs):
        for x, y in loader:
            optimizer.zero_grad()
            nn.functional.cross_entropy(net(x), y).backward()
            optimizer.step()
