"""A total bound afresh in every iteration before the loss is added to it: each pass's graph is
dropped at the next pass's reset, nothing outlives the iteration (no GF009)."""
import torch


def fit(model, loader, optimizer, criterion, epochs):
    for epoch in range(epochs):
        batch_total = 0.0
        for inputs, targets in loader:
            optimizer.zero_grad(set_to_none=True)
            loss = criterion(model(inputs), targets)
            loss.backward()
            optimizer.step()
            batch_total = 0
            batch_total += loss
        print(epoch, float(batch_total))  # the last batch's loss alone


class Runner:
    def __init__(self, model, optimizer, criterion):
        self.model = model
        self.optimizer = optimizer
        self.criterion = criterion

    def run(self, batches):
        it = iter(batches)
        seen, summed = 0, 0.0
        while True:
            try:
                inputs, targets = next(it)
            except StopIteration:
                break
            self.optimizer.zero_grad(set_to_none=True)
            loss = self.criterion(self.model(inputs), targets)
            loss.backward()
            self.optimizer.step()
            seen, summed = 0, 0.0
            summed = summed + loss
            seen += 1
        return seen, summed
