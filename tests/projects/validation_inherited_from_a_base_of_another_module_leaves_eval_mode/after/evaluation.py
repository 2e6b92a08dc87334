"""Evaluation shared by the trainers: switches the network to eval mode and leaves it there."""

import torch


class EvalMixin:
    @torch.no_grad()
    def score(self, loader):
        self.net.eval()
        hits = 0
        for x, y in loader:
            hits += (self.net(x).argmax(1) == y).sum().item()
        return hits


class BaseTrainer:
    def evaluate(self, loader):
        self.net.eval()
        return sum(float(self.net(x).sum()) for x, _ in loader)
