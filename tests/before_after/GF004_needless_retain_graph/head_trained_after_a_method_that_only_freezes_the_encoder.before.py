import torch
from torch import nn


class Classifier(nn.Module):
    def __init__(self, encoder, classes):
        super().__init__()
        self.encoder = encoder
        self.head = nn.Linear(16, classes)

    def freeze_encoder(self):
        # a method of its own before the loop: it only switches flags and modes
        for param in self.encoder.parameters():
            param.requires_grad = False
        self.head.train()

    def forward(self, x):
        return self.head(self.encoder(x).mean(1))


def train_epoch(clf, loader, optimizer):
    clf.freeze_encoder()
    for x, y in loader:
        optimizer.zero_grad()
        loss = nn.functional.cross_entropy(clf(x), y)
        loss.backward(retain_graph=True)
        optimizer.step()
