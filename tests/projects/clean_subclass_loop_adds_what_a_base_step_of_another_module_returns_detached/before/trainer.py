# The base trainer (base.py) runs the updates and returns the loss as a number
# (`loss.item()`) or detached (`loss.detach()`): the running totals hold no graph.
from base import BaseTrainer


class Trainer(BaseTrainer):
    def train_epoch(self, loader):
        total = 0.0
        for x, y in loader:
            loss = self.train_step(x, y)
            total += loss
        return total / len(loader)

    def finetune_epoch(self, loader):
        total = 0.0
        for x, y in loader:
            total += self.finetune_step(x, y)
        return total / len(loader)
