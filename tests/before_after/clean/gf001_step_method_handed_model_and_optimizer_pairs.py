# Correct: the method steps each (model, optimizer) pair once; the only loop calling it hands
# out a new pair every iteration.
import torch


class OneStepProbe:
    def __init__(self, pairs, criterion):
        self.pairs = pairs
        self.criterion = criterion

    def update(self, model, optimizer, x, y):
        loss = self.criterion(model(x), y)
        loss.backward()
        optimizer.step()

    def probe(self, x, y):
        for model, optimizer in self.pairs:
            self.update(model, optimizer, x, y)
