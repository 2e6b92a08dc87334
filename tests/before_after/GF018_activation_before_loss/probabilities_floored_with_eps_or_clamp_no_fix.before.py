# Softmax / sigmoid outputs given a small floor (`+ 1e-8`, `+ eps`, `.clamp(...)`) on their
# way to a loss that expects logits (or log-probabilities): still probabilities. Reported
# without a fix (dropping the floor along with the activation is not what every author meant).
import torch
import torch.nn as nn
import torch.nn.functional as F

EPS = 1e-8


class Trainer:
    def __init__(self, net):
        self.net = net
        self.criterion = nn.CrossEntropyLoss()
        self.bce = nn.BCEWithLogitsLoss()
        self.eps = 1e-6
        self.opt = torch.optim.Adam(net.parameters(), lr=1e-3)

    def compute_loss(self, x, y, tags):
        logits = self.net(x)
        loss = self.criterion(F.softmax(logits, dim=1) + 1e-8, y)
        loss = loss + self.criterion(torch.softmax(logits, -1).clamp(1e-6, 1.0), y)
        scores = torch.sigmoid(logits).clamp(min=self.eps, max=1 - self.eps)
        loss = loss + self.bce(scores, tags)
        loss = loss + F.nll_loss(EPS + logits.softmax(1), y)
        loss = loss + F.cross_entropy(torch.clamp(logits.softmax(1), min=self.eps), y)
        return loss

    def fit(self, loader):
        for x, y, tags in loader:
            self.opt.zero_grad()
            loss = self.compute_loss(x, y, tags)
            loss.backward()
            self.opt.step()
