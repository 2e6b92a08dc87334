# Correct: a token-budget window (`tokens += mask.sum()` ... `if tokens >= budget:`, reset at the
# step). Each micro-batch's loss is a sum over its tokens divided by the budget, so the update is
# a mean over about `budget` tokens, however many micro-batches that takes. `budget` is no number
# of micro-batches: nothing may divide the loss by it again.
import torch
from torch import nn


class TokenBudgetTrainer:
    def __init__(self, model, optimizer, budget=2048):
        self.model = model
        self.optimizer = optimizer
        self.budget = budget
        self.tokens = 0

    def micro_batch(self, ids, labels, mask):
        logits = self.model(ids)
        loss = nn.functional.cross_entropy(logits[mask], labels[mask], reduction="sum")
        (loss / self.budget).backward()
        self.tokens += int(mask.sum())

    def fit(self, loader):
        for ids, labels, mask in loader:
            self.micro_batch(ids, labels, mask)
            if self.tokens >= self.budget:
                self.optimizer.step()
                self.optimizer.zero_grad()
                self.tokens = 0
