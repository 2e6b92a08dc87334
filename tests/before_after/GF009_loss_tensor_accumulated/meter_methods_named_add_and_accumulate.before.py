import torch
import torch.nn.functional as F


class LossTracker:
    def __init__(self):
        self.total = 0.0
        self.count = 0

    def accumulate(self, value, n=1):
        self.total += value * n
        self.count += n


class History:
    def __init__(self):
        self.values = []

    def add(self, value):
        self.values.append(value)


def train(model, optimizer, loader, epochs):
    tracker = LossTracker()
    history = History()
    for epoch in range(epochs):
        for x, y in loader:
            optimizer.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(x), y)
            loss.backward()
            optimizer.step()
            tracker.accumulate(loss, x.size(0))
            history.add(loss)
    return tracker.total / tracker.count, history.values
