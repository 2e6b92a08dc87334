"""Evaluation shared by trainers, brought in with `from mixins import *`: it leaves the network
in eval mode (the bug, for the loop in train.py)."""
import torch

__all__ = ["ScoringMixin"]


class ScoringMixin:
    @torch.no_grad()
    def score(self, batches):
        self.network.eval()
        return sum(float((self.network(x).argmax(1) == y).float().mean()) for x, y in batches)
